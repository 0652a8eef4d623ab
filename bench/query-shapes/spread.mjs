// What a decoration's way of adding fields to a listed row costs on this Node, per row (µs):
//   node bench/query-shapes/spread.mjs [--keys 59] [--n 20000]
// Rows are built like the list's rows (one object literal per list of field names, `statements.ts
// rowMaker`); each way then adds the four fields a box's decoration adds. `{ ...row, field }` with a field
// the row lacks gives every object a hidden class of its own on Node 20; `decorated` (resources/engine.ts)
// extends the row in place instead.
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { keys: { type: 'string', default: '59' }, n: { type: 'string', default: '20000' } },
});
const keys = Array.from({ length: Number(values.keys) }, (_, i) => `field${i}`);
const make = new Function('r', `return { ${keys.map((k, i) => `${k}: r[${i}]`).join(', ')} };`);
const raws = Array.from({ length: 20 }, (_, j) => keys.map((_, i) => (i % 3 ? `value ${j}` : j)));
const N = Number(values.n);

function time(name, add) {
  const once = () => raws.map((r) => add(make(r)));
  for (let i = 0; i < N / 10; i++) once();
  const t = process.hrtime.bigint();
  for (let i = 0; i < N; i++) once();
  const us = Number(process.hrtime.bigint() - t) / 1e3 / N / raws.length;
  console.log(`${name.padEnd(36)} ${us.toFixed(2)} µs/row`);
}

time('row built only', (r) => r);
time('{ ...row, 4 new fields }', (r) => ({
  ...r,
  contentCount: 1,
  dangerous: false,
  actions: [],
  logisticsActions: [],
}));
time('{ ...row, 4 fields it has }', (r) => ({ ...r, field1: 1, field2: false, field3: [], field4: [] }));
time('extended in place (decorated)', (r) =>
  Object.assign(r, { contentCount: 1, dangerous: false, actions: [], logisticsActions: [] }),
);
time('JSON.stringify of the row', (r) => JSON.stringify(r));

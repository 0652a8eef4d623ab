/**
 * The answers of many list shapes, per demo party, each followed by two `after=` pages: written to a file,
 * to compare byte for byte before and after a change to the resource engine (statuses, bodies, cursors).
 *
 *   DATABASE_URL=postgres://…/b1m npx tsx bench/query-shapes/answers.ts before.json
 */
import { writeFileSync } from 'node:fs';
import { buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/config.ts';
import { openDatabase } from '../../packages/server/src/db/client.ts';

const url = process.env.DATABASE_URL as string;
const database = await openDatabase({ kind: 'postgres', url });
const app = await buildApp(
  { ...loadConfig({ LOG_LEVEL: 'error', DATABASE_URL: url, CAPTCHA: 'off' }), webDist: undefined },
  database,
  {},
);
await app.ready();
const PASS: Record<string, string> = {
  shipper: 'Shipper@2026',
  supplier: 'Supplier@2026',
  logistics: 'Logistics@2026',
};
const shapes: Record<string, string[]> = {
  shipper: [
    '/api/supplies?hsCode=854449&size=20',
    '/api/supplies?listId=16&blurry=电缆&sort=totalPrice,desc&size=20',
    '/api/supplies?listId=16&size=20&page=3',
    '/api/supplies?listId=17&size=20&page=0&sort=createTime,desc&sort=lineNo,asc',
    '/api/supplies?size=20',
    '/api/supplies?size=20&page=50&sort=createTime,desc',
    '/api/supplies?blurry=cable&size=10',
    '/api/supplies?blurry=CABLE&size=10&page=2',
    '/api/supplies?name=电&size=5&sort=hsCode,asc',
    '/api/supplies?hsMissing=true&size=10',
    '/api/supplies?hsMissing=false&size=3',
    '/api/supplies?id=100',
    '/api/supplies?tag=x&size=3',
    '/api/supplies?createTime=2020-01-01,2030-01-01&size=5',
    '/api/supplies?foo=1',
    '/api/supplies?sort=nope,asc',
    '/api/supplies?after=garbage',
    '/api/supplies?listId=99999999&size=5',
    '/api/supplies?listId=16&size=20&page=100000',
    '/api/boxPiece?size=20',
    '/api/boxPiece?size=20&page=100',
    '/api/boxPiece?sort=boxNumber,asc&size=10',
    '/api/boxPiece?status=0&size=10',
    '/api/boxPieceDetail?size=20',
    '/api/declareLine?size=20&sort=hsCode,desc',
    '/api/declareLine?size=10&undivided=true&sort=id,desc',
    '/api/materialList?size=20',
    '/api/projectBatch?size=10',
    '/api/project?size=10',
    '/api/directMessages?size=10',
  ],
  supplier: [
    '/api/supplies?size=20',
    '/api/boxPiece?size=20',
    '/api/boxPiece?size=20&page=2',
    '/api/materialList?size=5',
  ],
  logistics: [
    '/api/supplies?size=20',
    '/api/boxPiece?size=20',
    '/api/boxPiece?packageType=木箱&size=10&page=1',
  ],
};
const out: Record<string, unknown> = {};
for (const [party, paths] of Object.entries(shapes)) {
  const login = await app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { username: party, password: PASS[party] },
  });
  const headers = { authorization: login.json().token as string };
  for (const path of paths) {
    let p = path;
    for (let hop = 0; hop < 3; hop++) {
      const r = await app.inject({ method: 'GET', url: p, headers });
      out[`${party} ${p}`] = [r.statusCode, r.body];
      const next = r.statusCode === 200 ? r.json().next : undefined;
      if (!next || path.includes('after=')) break;
      p = `${path.replace(/&page=\d+/, '')}&after=${encodeURIComponent(next)}`;
    }
  }
}
writeFileSync(process.argv[2] ?? 'answers.json', JSON.stringify(out, null, 1));
console.log(
  Object.keys(out).length,
  'answers;',
  Object.values(out)
    .map((v) => (v as [number])[0])
    .join(' '),
);
await app.close();
await database.close();

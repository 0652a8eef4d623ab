// The API document read by a tool no one here wrote: @redocly/cli's recommended rules find no error in
// what /swagger-ui/json serves (every operation named and summarised, nullable beside its type, a
// refusal shape for 4XX), and the token pasted into Swagger UI's Authorize works as the UI sends it.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { call, passwords, useTestApp } from './helpers.ts';

const run = promisify(execFile);
const t = useTestApp();
const redocly = fileURLToPath(new URL('../../../node_modules/.bin/redocly', import.meta.url));

describe('the API document', () => {
  it('lints with no error under redocly’s recommended rules', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/swagger-ui/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    const file = join(mkdtempSync(join(tmpdir(), 'tl-openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const out = await run(redocly, ['lint', file, '--format=summary'], {
      env: {
        ...process.env,
        NO_COLOR: '1',
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
      },
    }).then(
      (r) => ({ ok: true, text: r.stdout + r.stderr }),
      (e) => ({ ok: false, text: String(e.stdout) + String(e.stderr) }),
    );
    expect(out.text).not.toMatch(/^error/m);
    expect(out.ok).toBe(true);
    // What a webhook receiver gets is documented: the envelope and one payload schema per event kind.
    expect(doc.components.schemas.WebhookEnvelope.properties.kind.enum).toContain('document.submitted');
    expect(doc.components.schemas.WebhookEvent_document_submitted.properties.shipmentEventTypeCode).toEqual(
      expect.objectContaining({ enum: ['SUBM'] }),
    );
    // What the lint asks, read from the document itself: a name and a summary per operation, unique names.
    const ops = Object.entries(
      doc.paths as Record<string, Record<string, { operationId?: string; summary?: string }>>,
    ).flatMap(([, item]) => Object.values(item));
    expect(ops.length).toBeGreaterThan(400);
    expect(ops.every((o) => o.operationId && o.summary)).toBe(true);
    expect(new Set(ops.map((o) => o.operationId)).size).toBe(ops.length);
  });

  it('takes the login token as Swagger UI sends it once pasted (Bearer Bearer …)', async () => {
    const login = await call(t.app, 'POST', '/auth/login', {
      body: { username: 'shipper', password: passwords.shipper },
    });
    const token = login.body.token as string;
    expect(token.startsWith('Bearer ')).toBe(true);
    const me = await t.app.inject({
      method: 'GET',
      url: '/auth/info',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
  });
});

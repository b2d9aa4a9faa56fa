import { afterEach, describe, expect, it } from 'vitest';
import { things } from '../test-support/fake-connector.js';
import { call } from '../test-support/http.js';
import { tempHost } from '../test-support/temp-host.js';
import { createHttpServer } from './server.js';

const token = 'test-access-token-0123456789';
const auth = { authorization: `Bearer ${token}` };
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function serve() {
  const host = await tempHost([things], { token });
  const app = await createHttpServer({ host, bind: '127.0.0.1', webDir: '/nonexistent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  closers.push(
    () => host.cleanup(),
    () => app.close(),
  );
  return { host, base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}

describe('GET /api/reference', () => {
  it('is behind the sign-in, page and files alike', async () => {
    const { base } = await serve();
    for (const path of ['/api/reference', '/api/reference/init.js', '/api/reference/swagger-ui-bundle.js']) {
      expect((await call(base, 'GET', path)).status, path).toBe(401);
    }
  });

  it('renders Swagger UI from /api/openapi.json with local files and no inline script', async () => {
    const { base } = await serve();
    const page = await call(base, 'GET', '/api/reference', { headers: auth });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https?:/);
    // Every script is a file of this origin: the policy would block an inline one.
    const scripts = [...page.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map((match) => /src="([^"]+)"/.exec(match[1]!)?.[1])).toEqual([
      '/api/reference/swagger-ui-bundle.js',
      '/api/reference/init.js',
    ]);
    for (const match of scripts) expect(match[2]).toBe('');

    const init = await call(base, 'GET', '/api/reference/init.js', { headers: auth });
    expect(init.headers['content-type']).toMatch(/^text\/javascript/);
    expect(init.text).toContain("url: '/api/openapi.json'");
    expect(init.text).toContain('validatorUrl: null');
    const bundle = await call(base, 'GET', '/api/reference/swagger-ui-bundle.js', { headers: auth });
    expect(bundle.status).toBe(200);
    expect(bundle.text).toContain('SwaggerUIBundle');
    const css = await call(base, 'GET', '/api/reference/swagger-ui.css', { headers: auth });
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });

  it('serves only the files the page uses', async () => {
    const { base } = await serve();
    for (const path of [
      '/api/reference/package.json',
      '/api/reference/index.html',
      '/api/reference/swagger-ui-bundle.js.map',
      '/api/reference/..%2fpackage.json',
    ]) {
      expect((await call(base, 'GET', path, { headers: auth })).status, path).toBe(404);
    }
  });
});

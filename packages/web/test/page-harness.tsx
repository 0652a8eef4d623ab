// A page in the browser test environment against a stubbed API: the real request client, query cache,
// router and antd App; `fetch` answers from a route table (any other GET is an empty page) and every
// call is recorded. A refusal answers as the server does: status, catalogue code and the message in the
// caller's language.
import { StyleProvider } from '@ant-design/cssinjs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { type Lang, type MessageCode, translate } from '@tradelane/contract';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, vi } from 'vitest';
import { configureRequest } from '../src/api/request.ts';
import { i18n } from '../src/i18n/index.ts';
import { useSession } from '../src/stores/session.ts';

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface Route {
  method?: string;
  /** The path without the query (`/api/document/submit`) or a pattern of it. */
  path: string | RegExp;
  answer: (call: Call) => unknown;
}

/** An answer that is not a 200: a Response as the server would send it. */
export function refusal(code: MessageCode, params: Record<string, unknown> = {}, status = 409) {
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  return new Response(JSON.stringify({ status, code, message: translate(code, lang, params) }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A page of rows as the list endpoints answer. */
export const page = <T,>(content: T[]) => ({ content, totalElements: content.length, totalExact: true });

export function stubApi(routes: Route[]) {
  const calls: Call[] = [];
  const errors: string[] = [];
  configureRequest({ notify: { error: (text) => errors.push(text), warning: (text) => errors.push(text) } });
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, path: url.pathname, query: url.searchParams, body };
    calls.push(call);
    const route = routes.find(
      (r) =>
        (r.method ?? 'GET') === method &&
        (typeof r.path === 'string' ? r.path === url.pathname : r.path.test(url.pathname)),
    );
    const answer = route ? await route.answer(call) : method === 'GET' ? page([]) : {};
    if (answer instanceof Response) return answer;
    return new Response(JSON.stringify(answer ?? null), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return {
    calls,
    /** The error texts the request client showed (localized). */
    errors,
    /** The non-GET calls to a path. */
    sent: (path: string) => calls.filter((c) => c.method !== 'GET' && c.path === path),
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// antd's styles go to a node outside the document: jsdom's getComputedStyle walks every rule of every
// sheet in the document for each call, and the role queries call it for every element they look at —
// with antd's thousands of rules in the head, one query on a table took seconds. The pages' behaviour
// does not depend on their CSS here (jsdom lays nothing out).
const styles = document.createElement('div');

/** Renders a page signed in as a company of `roleType` (2 shipper, 1 logistics…) with `roles`. */
export function renderPage(
  node: ReactNode,
  opts: { url?: string; roles?: string[]; roleType?: number } = {},
) {
  useSession.setState({
    roles: opts.roles ?? ['admin'],
    user: {
      id: 1,
      username: 'tester',
      roleType: opts.roleType ?? 2,
      roles: opts.roles ?? ['admin'],
    } as never,
  });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[opts.url ?? '/']}>
        <StyleProvider container={styles}>
          <App>{node}</App>
        </StyleProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

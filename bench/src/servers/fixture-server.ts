// A light keep-alive server of canned, provider-shaped answers (a Stripe Customer, a Linear
// IssuePayload, a 15 KB Google Docs Document), for the `run` section: the client's own cost is what
// a run measures, so the server does nothing per call but write the same bytes. It counts its own
// CPU and new connections (`GET /__stats`), to show it was not the limit and keep-alive held.
import { createServer } from 'node:http';

const customer = JSON.stringify({
  id: 'cus_RunBench00000001',
  object: 'customer',
  address: null,
  balance: 0,
  created: 1764547200,
  currency: null,
  default_source: null,
  delinquent: false,
  description: 'Created by the run benchmark',
  discount: null,
  email: 'jenny.rosen@example.com',
  invoice_prefix: 'B2C3D4E5',
  invoice_settings: {
    custom_fields: null,
    default_payment_method: null,
    footer: null,
    rendering_options: null,
  },
  livemode: false,
  metadata: { order_id: '6735', source: 'bench' },
  name: 'Jenny Rosen',
  next_invoice_sequence: 1,
  phone: null,
  preferred_locales: [],
  shipping: null,
  tax_exempt: 'none',
  test_clock: null,
});

const issueCreate = JSON.stringify({
  data: {
    issueCreate: {
      __typename: 'IssuePayload',
      lastSyncId: 987654321,
      success: true,
      issue: {
        __typename: 'Issue',
        id: '3f0c9a52-7d1b-4c8e-9b61-0a4e2f6d8c17',
        identifier: 'ENG-321',
        title: 'Bench issue',
        url: 'https://linear.app/acme/issue/ENG-321/bench-issue',
        createdAt: '2026-12-01T00:00:00.000Z',
      },
    },
  },
});

/**
 * A Docs Document of about 15 KB and 840 JSON values, shaped as `documents.get` answers: a title,
 * twelve headed sections of prose, the page's style, and all nine named styles with every field
 * Google fills in (the parse of those many small objects is most of a client's work on this call).
 */
function document(documentId: string): string {
  const content: unknown[] = [
    {
      endIndex: 1,
      sectionBreak: {
        sectionStyle: {
          columnSeparatorStyle: 'NONE',
          contentDirection: 'LEFT_TO_RIGHT',
          sectionType: 'CONTINUOUS',
        },
      },
    },
  ];
  let index = 1;
  const add = (text: string, style: string) => {
    content.push({
      startIndex: index,
      endIndex: index + text.length,
      paragraph: {
        elements: [
          {
            startIndex: index,
            endIndex: index + text.length,
            textRun: { content: text, textStyle: style === 'NORMAL_TEXT' ? {} : { bold: true } },
          },
        ],
        paragraphStyle: { namedStyleType: style, direction: 'LEFT_TO_RIGHT' },
      },
    });
    index += text.length;
  };
  add('Run benchmark plan\n', 'TITLE');
  for (let section = 1; section <= 12; section += 1) {
    add(`Part ${section}\n`, 'HEADING_2');
    add(
      `Text of part ${section}: a paragraph long enough to look like prose in a real document, with a second clause.\n`,
      'NORMAL_TEXT',
    );
  }
  const pt = (magnitude?: number) => (magnitude === undefined ? { unit: 'PT' } : { magnitude, unit: 'PT' });
  const sizes: [string, number][] = [
    ['NORMAL_TEXT', 11],
    ['TITLE', 26],
    ['SUBTITLE', 15],
    ['HEADING_1', 20],
    ['HEADING_2', 16],
    ['HEADING_3', 14],
    ['HEADING_4', 12],
    ['HEADING_5', 11],
    ['HEADING_6', 11],
  ];
  const styles = sizes.map(([namedStyleType, size], n) => ({
    namedStyleType,
    textStyle: {
      bold: n > 2,
      italic: false,
      underline: false,
      strikethrough: false,
      smallCaps: false,
      backgroundColor: {},
      foregroundColor: { color: { rgbColor: {} } },
      fontSize: pt(size),
      weightedFontFamily: { fontFamily: 'Arial', weight: 400 },
      baselineOffset: 'NONE',
    },
    paragraphStyle: {
      namedStyleType,
      alignment: 'START',
      lineSpacing: 115,
      direction: 'LEFT_TO_RIGHT',
      spacingMode: 'COLLAPSE_LISTS',
      spaceAbove: pt(),
      spaceBelow: pt(),
      borderBetween: { color: {}, width: pt(), padding: pt(), dashStyle: 'SOLID' },
      indentFirstLine: pt(),
      indentStart: pt(),
      indentEnd: pt(),
      keepLinesTogether: false,
      keepWithNext: false,
      avoidWidowAndOrphan: true,
      shading: { backgroundColor: {} },
      pageBreakBefore: false,
    },
  }));
  return JSON.stringify({
    title: 'Run benchmark plan',
    body: { content },
    documentStyle: {
      background: { color: {} },
      pageNumberStart: 1,
      marginTop: pt(72),
      marginBottom: pt(72),
      marginRight: pt(72),
      marginLeft: pt(72),
      pageSize: { height: pt(792), width: pt(612) },
      marginHeader: pt(36),
      marginFooter: pt(36),
      useCustomHeaderFooterMargins: true,
      documentFormat: { documentMode: 'PAGES' },
    },
    namedStyles: { styles },
    revisionId: 'ALBJ4RunBench0000',
    suggestionsViewMode: 'SUGGESTIONS_INLINE',
    documentId,
  });
}

/** The headers each provider sends beside the body (a client parses every one of them). */
const JSON_TYPE = 'application/json; charset=utf-8';
const stripeHeaders = {
  'content-type': JSON_TYPE,
  'request-id': 'req_RunBench0001',
  'stripe-version': '2026-10-28.endive',
  'idempotency-key': 'n/a',
};
const docsHeaders = { 'content-type': JSON_TYPE, vary: 'Origin, X-Origin, Referer' };

let requests = 0;
let connections = 0;
const documents = new Map<string, Buffer>();
const customerBytes = Buffer.from(customer);
const issueCreateBytes = Buffer.from(issueCreate);

// As the independent harness's server answers (../shared/bench/peers/server.cjs): bodies encoded once,
// the request drained through a 'data' listener before the answer. Its cost per call shows in the
// client's too (a slower answer is one more wake-up), so the two servers must do the same work.
const server = createServer((request, response) => {
  const url = request.url ?? '/';
  if (url === '/__stats') {
    const cpu = process.cpuUsage();
    response.end(JSON.stringify({ requests, connections, cpuUs: cpu.user + cpu.system }));
    return;
  }
  requests += 1;
  request.on('data', () => {});
  request.on('end', () => {
    let body: Buffer;
    let headers: Record<string, string> = { 'content-type': JSON_TYPE };
    if (request.method === 'POST' && url === '/v1/customers') {
      body = customerBytes;
      headers = stripeHeaders;
    } else if (request.method === 'POST' && url === '/graphql') body = issueCreateBytes;
    else if (request.method === 'GET' && url.startsWith('/v1/documents/')) {
      const id = decodeURIComponent(url.slice('/v1/documents/'.length).split('?')[0] ?? '');
      body = documents.get(id) ?? Buffer.from(document(id));
      documents.set(id, body);
      headers = docsHeaders;
    } else {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('{"error":"not found"}');
      return;
    }
    response.writeHead(200, { ...headers, 'content-length': String(body.length) });
    response.end(body);
  });
});
server.on('connection', () => {
  connections += 1;
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') {
    process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${address.port}` })}\n`);
  }
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));

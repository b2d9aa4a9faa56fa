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

/** A Docs Document of about 15 KB: a title, headed sections of text, the named styles. */
function document(documentId: string): string {
  const content: unknown[] = [{ endIndex: 1, sectionBreak: { sectionStyle: { sectionType: 'CONTINUOUS' } } }];
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
      `Text of part ${section}: a paragraph long enough to look like prose in a real document.\n`,
      'NORMAL_TEXT',
    );
  }
  const styles = ['NORMAL_TEXT', 'TITLE', 'SUBTITLE', 'HEADING_1', 'HEADING_2', 'HEADING_3', 'HEADING_4'].map(
    (namedStyleType, n) => ({
      namedStyleType,
      textStyle: {
        bold: n > 2,
        italic: false,
        underline: false,
        fontSize: { magnitude: 26 - n * 2, unit: 'PT' },
        weightedFontFamily: { fontFamily: 'Arial', weight: 400 },
        foregroundColor: { color: { rgbColor: {} } },
      },
      paragraphStyle: {
        namedStyleType,
        alignment: 'START',
        lineSpacing: 115,
        direction: 'LEFT_TO_RIGHT',
        spacingMode: 'COLLAPSE_LISTS',
        spaceAbove: { unit: 'PT' },
        spaceBelow: { unit: 'PT' },
        indentFirstLine: { unit: 'PT' },
        indentStart: { unit: 'PT' },
        indentEnd: { unit: 'PT' },
        keepLinesTogether: false,
        keepWithNext: false,
        avoidWidowAndOrphan: true,
        pageBreakBefore: false,
      },
    }),
  );
  return JSON.stringify({
    title: 'Run benchmark plan',
    body: { content },
    documentStyle: {
      pageNumberStart: 1,
      marginTop: { magnitude: 72, unit: 'PT' },
      marginBottom: { magnitude: 72, unit: 'PT' },
      pageSize: { height: { magnitude: 792, unit: 'PT' }, width: { magnitude: 612, unit: 'PT' } },
    },
    namedStyles: { styles },
    revisionId: 'ALBJ4RunBench0000',
    suggestionsViewMode: 'SUGGESTIONS_INLINE',
    documentId,
  });
}

let requests = 0;
let connections = 0;
const documents = new Map<string, string>();

const server = createServer((request, response) => {
  const url = request.url ?? '/';
  if (url === '/__stats') {
    const cpu = process.cpuUsage();
    response.end(JSON.stringify({ requests, connections, cpuUs: cpu.user + cpu.system }));
    return;
  }
  requests += 1;
  request.resume();
  request.on('end', () => {
    let body: string;
    if (request.method === 'POST' && url === '/v1/customers') body = customer;
    else if (request.method === 'POST' && url === '/graphql') body = issueCreate;
    else if (request.method === 'GET' && url.startsWith('/v1/documents/')) {
      const id = decodeURIComponent(url.slice('/v1/documents/'.length).split('?')[0] ?? '');
      body = documents.get(id) ?? document(id);
      documents.set(id, body);
    } else {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('{"error":"not found"}');
      return;
    }
    response.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    });
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

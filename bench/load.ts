/**
 * `npm run bench:load`: sustained load on POST /verification/verify with autocannon, against a
 * throwaway local stack (or any stack in the environment: API_URL, ANON_KEY, DB_URL).
 *
 *   exact    LOAD_EXACT_CONNECTIONS (200) requests in flight for LOAD_SECONDS (60): a registered file,
 *            answered from its SHA-256 alone. Goal: 0 errors of any kind.
 *   content  LOAD_CONTENT_CONNECTIONS (20) in flight for LOAD_SECONDS: a file that is not registered,
 *            so every request runs the content path (decode, OCR, fingerprint). Goal: 0 5xx other than
 *            503 with Retry-After; overload must answer 429/503 with Retry-After, never crash.
 *
 * LOAD_SCENARIOS=exact,content picks scenarios. Prints one JSON line per scenario (and a Markdown
 * row for docs/benchmarks.md). Calls are made as the demo admin, whose verification limit (finite,
 * like everyone's) is raised in private.rate_limit_rules for the run and put back afterwards: every
 * request still takes its rate-limit hit, but the figures measure the service rather than the limiter.
 */
import autocannon from 'autocannon';
import os from 'node:os';
import postgres from 'postgres';
import sharp from 'sharp';
import { percentile } from './accuracy/stats.ts';

function env(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(`${name} is not set: run through scripts/with-test-stack.ts (npm run bench:load)`);
  return value;
}

const API_URL = env('API_URL');
const ANON_KEY = env('ANON_KEY');
const FUNCTION_URL = process.env.FUNCTION_URL ?? `${API_URL}/functions/v1/api`;
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const SCENARIOS = (process.env.LOAD_SCENARIOS ?? 'exact,content').split(',');

async function signInAdmin(): Promise<{ token: string; userId: string }> {
  const response = await fetch(`${API_URL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'password123' }),
  });
  if (!response.ok) throw new Error(`admin sign-in failed: ${response.status}`);
  const body = (await response.json()) as { access_token: string; user: { id: string } };
  return { token: body.access_token, userId: body.user.id };
}

/** A certificate-like PNG: a title, a name and a random serial, so each run's file is new. */
async function certificatePng(name: string): Promise<Buffer> {
  const serial = Math.random().toString(36).slice(2, 12).toUpperCase();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="700">
    <rect width="100%" height="100%" fill="white"/>
    <text x="500" y="160" font-size="56" text-anchor="middle" font-family="DejaVu Sans">Certificate of Completion</text>
    <text x="500" y="300" font-size="40" text-anchor="middle" font-family="DejaVu Sans">awarded to ${name}</text>
    <text x="500" y="400" font-size="30" text-anchor="middle" font-family="DejaVu Sans">Load Testing Fundamentals</text>
    <text x="500" y="560" font-size="24" text-anchor="middle" font-family="DejaVu Sans">Serial ${serial}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;

interface Result {
  scenario: string;
  connections: number;
  seconds: number;
  requests: number;
  throughput: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  statuses: Record<string, number>;
  /** Connection errors and timeouts (no HTTP answer at all). */
  errors: number;
  timeouts: number;
  /** 429/503 answers that carried Retry-After, and those that did not. */
  retryAfter: number;
  missingRetryAfter: number;
  /** 5xx other than a 503 with Retry-After. */
  serverErrors: number;
}

async function run(scenario: string, connections: number, token: string, fileData: string): Promise<Result> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let retryAfter = 0;
  let missingRetryAfter = 0;
  let serverErrors = 0;
  const instance = autocannon({
    url: `${FUNCTION_URL}/verification/verify`,
    method: 'POST',
    connections,
    duration: SECONDS,
    timeout: 30,
    headers: { apikey: ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ fileData }),
    requests: [
      {
        onResponse: (status: number, _body: string, _context: unknown, headers?: Record<string, string>) => {
          statuses[status] = (statuses[status] ?? 0) + 1;
          const hasRetryAfter = Boolean(headers?.['retry-after'] ?? headers?.['Retry-After']);
          if (status === 429 || status === 503) {
            if (hasRetryAfter) retryAfter += 1;
            else missingRetryAfter += 1;
          }
          if (status >= 500 && !(status === 503 && hasRetryAfter)) serverErrors += 1;
        },
      },
    ],
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
  });
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    instance.on('done', resolve);
    instance.on('error', reject);
  });
  latencies.sort((a, b) => a - b);
  return {
    scenario,
    connections,
    seconds: SECONDS,
    requests: latencies.length,
    throughput: Number((latencies.length / SECONDS).toFixed(2)),
    p50: Math.round(percentile(latencies, 0.5)),
    p95: Math.round(percentile(latencies, 0.95)),
    p99: Math.round(percentile(latencies, 0.99)),
    max: Math.round(latencies.at(-1) ?? Number.NaN),
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
    retryAfter,
    missingRetryAfter,
    serverErrors,
  };
}

async function main() {
  const admin = await signInAdmin();
  const registered = await certificatePng('Registered Holder');
  const upload = await fetch(`${FUNCTION_URL}/certificates/upload-base64`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      fileData: dataUrl(registered),
      userId: admin.userId,
      certificateName: 'Load test',
    }),
  });
  if (upload.status !== 201)
    throw new Error(`registering the load-test certificate failed: ${upload.status}`);
  const unregistered = await certificatePng('Nobody Registered');

  console.error(
    `Machine: ${os.type()} ${os.release()} (${os.arch()}), ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ` +
      `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`,
  );
  const sql = postgres(env('DB_URL'), { prepare: false, max: 1, onnotice: () => {} });
  const [rule] = await sql<{ per_admin: number }[]>`
    select per_admin from private.rate_limit_rules where action = 'verify'`;
  if (!rule) throw new Error('no verify rule in private.rate_limit_rules');
  await sql`update private.rate_limit_rules set per_admin = 1000000000 where action = 'verify'`;
  try {
    await runScenarios(admin.token, registered, unregistered);
  } finally {
    await sql`update private.rate_limit_rules set per_admin = ${rule.per_admin} where action = 'verify'`;
    await sql.end();
  }
}

async function runScenarios(token: string, registered: Buffer, unregistered: Buffer) {
  for (const scenario of SCENARIOS) {
    const connections =
      scenario === 'exact'
        ? Number(process.env.LOAD_EXACT_CONNECTIONS ?? 200)
        : Number(process.env.LOAD_CONTENT_CONNECTIONS ?? 20);
    const file = scenario === 'exact' ? registered : unregistered;
    console.error(`Running ${scenario}: ${connections} in flight for ${SECONDS} s...`);
    const result = await run(scenario, connections, token, dataUrl(file));
    console.log(JSON.stringify(result));
    const codes = Object.entries(result.statuses)
      .map(([status, count]) => `${status}×${count}`)
      .join(', ');
    console.log(
      `| ${scenario} | ${connections} | ${SECONDS} s | ${result.requests} | ${result.throughput} | ` +
        `${result.p50} | ${result.p95} | ${result.p99} | ${codes} | ${result.errors} / ${result.timeouts} | ` +
        `${result.serverErrors} |`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

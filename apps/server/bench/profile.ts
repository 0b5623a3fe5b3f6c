/**
 * Where a call's processor time goes: a V8 CPU profile of the portal's process while one call is loaded
 * (`BENCH_PROFILE=1 npm run bench`), its samples summed by what the code is for. A frame counts for the library or
 * source file it belongs to; a frame without a source (a builtin such as JSON.stringify, a regular expression)
 * counts for the caller that has one, so JSON.stringify inside the serializer is serializing.
 */
type Frame = { functionName: string; url: string };
type ProfileNode = { id: number; callFrame: Frame; children?: number[] };
export type CpuProfile = {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
};

/** The parts of a request, in the order the breakdown prints them. */
export const PARTS = [
  'session check',
  'access',
  'SQL: building (Kysely)',
  'SQL: driver (pg)',
  'SQL: PGlite (in process)',
  'building the answer',
  'request and response checks (zod)',
  'serializing',
  'our hooks (http/)',
  'logging',
  'Fastify (routing, reply)',
  'Node (HTTP, sockets, timers)',
  'garbage collection',
  'native, other',
] as const;
type Part = (typeof PARTS)[number];

function partOf(frame: Frame): Part | null {
  const { url, functionName } = frame;
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(program)') return 'native, other';
  if (!url) return null;
  if (/\/modules\/auth\/|\/http\/session-auth\.ts/.test(url)) return 'session check';
  if (/\/modules\/access\//.test(url)) return 'access';
  if (/\/kysely\//.test(url)) return 'SQL: building (Kysely)';
  if (/\/(pg|pg-protocol|pg-pool|pg-types|postgres-[a-z]+|pgpass|pg-connection-string)\//.test(url))
    return 'SQL: driver (pg)';
  if (/@electric-sql\/pglite|^wasm:|\/db\/pglite/.test(url)) return 'SQL: PGlite (in process)';
  if (/fastify-type-provider-zod|fast-json-stringify|\/http\/serialize/.test(url)) return 'serializing';
  if (/\/zod\//.test(url)) return 'request and response checks (zod)';
  if (/\/(pino|sonic-boom|thread-stream|pino-std-serializers)\/|\/src\/logger\.ts/.test(url))
    return 'logging';
  if (/\/src\/http\//.test(url)) return 'our hooks (http/)';
  if (/\/src\/(modules|shared|db)\/|\/packages\/contract\//.test(url)) return 'building the answer';
  if (
    /\/(fastify|find-my-way|@fastify|avvio|fast-querystring|fast-decode-uri-component|light-my-request|toad-cache|process-warning|abstract-logging|fast-uri|secure-json-parse|fast-content-type-parse|rfdc)\//.test(
      url,
    )
  )
    return 'Fastify (routing, reply)';
  if (url.startsWith('node:')) return 'Node (HTTP, sockets, timers)';
  return 'native, other';
}

/** Milliseconds of processor time a request, by part (idle time left out). */
export function breakdown(profile: CpuProfile, requests: number): Map<Part, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const partById = new Map<number, Part>();
  const resolve = (id: number): Part => {
    const known = partById.get(id);
    if (known) return known;
    const node = byId.get(id);
    let part: Part = 'native, other';
    if (node) {
      const own = partOf(node.callFrame);
      const up = parent.get(id);
      part = own ?? (up !== undefined ? resolve(up) : 'native, other');
    }
    partById.set(id, part);
    return part;
  };
  // Idle time, and the profiler's own work when it is stopped, are not the requests'.
  const idle = new Set(
    profile.nodes
      .filter((node) => node.callFrame.functionName === '(idle)' || node.callFrame.url === 'node:inspector')
      .map((node) => node.id),
  );
  const totals = new Map<Part, number>(PARTS.map((part) => [part, 0]));
  profile.samples.forEach((id, index) => {
    if (idle.has(id)) return;
    const part = resolve(id);
    totals.set(part, (totals.get(part) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  for (const [part, ms] of totals) totals.set(part, requests > 0 ? ms / requests : 0);
  return totals;
}

/**
 * Reading a request body, once the host knows the call (route and method)
 * and so its encoding (src/api/contract.ts): nothing is read for an unknown
 * route or a wrong method, and a body whose Content-Type is not the call's
 * encoding is refused unread (415).
 *
 * JSON and form bodies are read up to {@link HostLimits.jsonBodyBytes};
 * multipart bodies are parsed as they arrive (busboy), with caps on the
 * whole body, the number of parts and each part's size. Past any cap the
 * request is refused (413) without reading the rest. A JSON body of a shape
 * no call has (too deep, too many members or items: json-shape.ts) is
 * refused unparsed (400, code 1001).
 */
import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import type { Encoding } from '../../api/contract.ts';
import type { MultipartPart, WireRequest } from '../../api/wire.ts';
import { jsonWithin, queryWithin } from './json-shape.ts';
import type { HostLimits } from './limits.ts';

/** A body over a cap (413). */
export class TooLarge extends Error {}
/** A body in another encoding than the call's (415). */
export class WrongType extends Error {}
/** A body that cannot be read as its type says (400, code 1001). */
export class Malformed extends Error {}
/** The request went away while its body was read (cut at a deadline, or the client left). */
export class Gone extends Error {}

const TYPES: Record<Encoding, string | undefined> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
  query: undefined,
};

/** Does the request carry a body at all? */
export const hasBody = (req: IncomingMessage): boolean =>
  Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;

/** The media type of a Content-Type header, lower case, without parameters. */
const mediaType = (h: string | undefined) => (h ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/**
 * Read a raw body up to `limit` bytes. Past it, reading stops without closing
 * the request (the host answers 413 and lets the rest linger).
 */
export function readRaw(req: IncomingMessage, limit: number): Promise<Buffer> {
  if (Number(req.headers['content-length'] ?? 0) > limit) return Promise.reject(new TooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      req.pause();
    };
    const onData = (c: Buffer) => {
      size += c.length;
      if (size <= limit) return void chunks.push(c);
      stop();
      reject(new TooLarge());
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (e: Error) => {
      stop();
      reject(e);
    };
    // The client left before the end.
    const onClose = () => onError(new Error('request closed before its end'));
    req.on('data', onData).once('end', onEnd).once('error', onError).once('close', onClose);
  });
}

/** A multipart body as parts, under the caps. */
function readMultipart(req: IncomingMessage, limits: HostLimits): Promise<MultipartPart[]> {
  if (Number(req.headers['content-length'] ?? 0) > limits.multipartBodyBytes)
    return Promise.reject(new TooLarge());
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: req.headers,
        limits: {
          parts: limits.multipartParts,
          fileSize: limits.multipartPartBytes,
          fieldSize: limits.multipartPartBytes,
          headerPairs: 16,
        },
      });
    } catch {
      return reject(new Malformed());
    }
    const parts: Array<Promise<MultipartPart>> = [];
    let failed = false;
    const fail = (e: Error) => {
      if (failed) return;
      failed = true;
      req.unpipe(bb);
      reject(e);
    };
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limits.multipartBodyBytes) fail(new TooLarge());
    });
    bb.on('file', (name, stream, info) => {
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      stream.on('data', (c: Buffer) => chunks.push(new Uint8Array(c)));
      stream.on('limit', () => fail(new TooLarge()));
      parts.push(
        new Promise((done) =>
          stream.on('close', () =>
            done([name, new File(chunks, info.filename ?? 'blob', { type: info.mimeType })]),
          ),
        ),
      );
    });
    bb.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(new TooLarge());
      parts.push(Promise.resolve([name, value]));
    });
    bb.on('partsLimit', () => fail(new TooLarge()));
    bb.on('error', () => fail(new Malformed()));
    bb.on('close', () => {
      if (!failed) void Promise.all(parts).then(resolve);
    });
    req.on('error', () => fail(new Malformed()));
    req.pipe(bb);
  });
}

/**
 * The body of a request for a call of this encoding: a JSON value, `{ form }`,
 * `{ multipart }`, or undefined when there is none. Throws {@link WrongType},
 * {@link TooLarge} or {@link Malformed}.
 */
export async function readCallBody(
  req: IncomingMessage,
  encoding: Encoding,
  limits: HostLimits,
): Promise<WireRequest['body']> {
  try {
    return await readEncoded(req, encoding, limits);
  } catch (e) {
    // Not one of ours: the stream failed (aborted, cut at its deadline).
    const ours = e instanceof TooLarge || e instanceof WrongType || e instanceof Malformed;
    if (!ours && req.destroyed) throw new Gone();
    throw e;
  }
}

async function readEncoded(
  req: IncomingMessage,
  encoding: Encoding,
  limits: HostLimits,
): Promise<WireRequest['body']> {
  if (!hasBody(req) || encoding === 'query') return undefined;
  const want = TYPES[encoding];
  if (mediaType(req.headers['content-type']) !== want) throw new WrongType();
  if (encoding === 'multipart') return { multipart: await readMultipart(req, limits) };
  const raw = await readRaw(req, limits.jsonBodyBytes);
  if (encoding === 'form') {
    const form = raw.toString('utf8');
    if (!queryWithin(form, limits)) throw new Malformed();
    return { form };
  }
  if (raw.length === 0) return undefined;
  // A payload's cost is in its members, not its bytes: a shape no call has is refused unparsed.
  if (!jsonWithin(raw, limits)) throw new Malformed();
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    throw new Malformed();
  }
}

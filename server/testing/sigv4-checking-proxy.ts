import { createHash, createHmac } from 'node:crypto';
import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A proxy in front of a local S3 server that checks each request's AWS Signature V4 as S3 does, from what
 * actually arrived (s3rver checks only the access key id). Written from AWS's SigV4 description, not with the
 * signing library under test, so a URL or header the client changes after signing is caught.
 */
export async function startSigV4CheckingProxy(
  target: string,
  secretAccessKey: string,
): Promise<{ endpoint: string; close: () => Promise<void> }> {
  const proxy = createServer((incoming, answer) => {
    const problem = signatureProblem(incoming, secretAccessKey);
    if (problem) {
      incoming.resume();
      answer.writeHead(403, { 'Content-Type': 'application/xml', Connection: 'close' });
      answer.end(`<Error><Code>SignatureDoesNotMatch</Code><Message>${problem}</Message></Error>`);
      return;
    }
    const upstream = request(
      new URL(incoming.url ?? '/', target),
      { method: incoming.method, headers: incoming.headers },
      (response) => {
        answer.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(answer);
      },
    );
    upstream.on('error', () => answer.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}

/** RFC 3986 unreserved characters stay; everything else is %XX, as SigV4 wants. */
const strictEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();

function signatureProblem(incoming: IncomingMessage, secretAccessKey: string): string | null {
  const authorization =
    /^AWS4-HMAC-SHA256 Credential=[^/]+\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      incoming.headers.authorization ?? '',
    );
  if (!authorization) return 'no SigV4 Authorization header';
  const [, date = '', region = '', service = '', signedHeaders = '', signature] = authorization;
  const url = new URL(incoming.url ?? '/', 'http://proxy');
  const canonicalUri = url.pathname
    .split('/')
    .map((segment) => strictEncode(decodeURIComponent(segment)))
    .join('/');
  const canonicalQuery = [...url.searchParams]
    .map(([key, value]) => `${strictEncode(key)}=${strictEncode(value)}`)
    .sort()
    .join('&');
  const names = signedHeaders.split(';');
  if (!names.includes('host')) return 'host is not signed';
  const canonicalHeaders = names
    .map(
      (name) =>
        `${name}:${String(incoming.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const payloadHash = String(incoming.headers['x-amz-content-sha256'] ?? '');
  const canonicalRequest = [
    incoming.method,
    canonicalUri,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join('\n');
  const amzDate = String(incoming.headers['x-amz-date'] ?? '');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    amzDate,
    scope,
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), service), 'aws4_request');
  const expected = hmac(key, stringToSign).toString('hex');
  return expected === signature ? null : 'The request signature does not match';
}

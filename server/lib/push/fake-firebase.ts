import { generateKeyPairSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import https, { Agent, type RequestOptions } from 'node:https';
import { connect, type AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FirebaseServiceAccount } from '../../env';

/**
 * Test support: Google's OAuth token endpoint and FCM HTTP v1 on 127.0.0.1, so the real firebase-admin client
 * is exercised and only the network boundary is fake. Hand `agent` to the sender; `serviceAccount` has a key
 * made here, whose signature the token endpoint checks.
 */

const tokenHost = 'oauth2.googleapis.com';
const fcmHost = 'fcm.googleapis.com';
const jwtBearerGrant = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const messagingScope = 'https://www.googleapis.com/auth/firebase.messaging';

/** The JSON body firebase-admin's send() posts to messages:send. */
export interface FcmSendBody {
  message: {
    token: string;
    data?: Record<string, string>;
    webpush?: { headers?: Record<string, string> };
    notification?: unknown;
  };
  validate_only?: boolean;
}

export interface RecordedSend {
  projectId: string;
  authorization: string | undefined;
  body: FcmSendBody;
}

export interface RecordedTokenRequest {
  grantType: string | null;
  /** The claims of the signed JWT assertion, after its RS256 signature was checked against the service account's key. */
  claims: Record<string, unknown>;
}

export interface FcmAnswer {
  status: number;
  body: unknown;
}

/** What FCM answers for a token it no longer knows (an app uninstalled, a browser's subscription dropped). */
export const unregisteredAnswer: FcmAnswer = {
  status: 404,
  body: {
    error: {
      code: 404,
      message: 'Requested entity was not found.',
      status: 'NOT_FOUND',
      details: [
        { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' },
      ],
    },
  },
};

/** What FCM answers for a string that is not a registration token at all. */
export const malformedTokenAnswer: FcmAnswer = {
  status: 400,
  body: {
    error: {
      code: 400,
      message: 'The registration token is not a valid FCM registration token',
      status: 'INVALID_ARGUMENT',
      details: [
        { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'INVALID_ARGUMENT' },
        {
          '@type': 'type.googleapis.com/google.rpc.BadRequest',
          fieldViolations: [
            {
              field: 'message.token',
              description: 'The registration token is not a valid FCM registration token',
            },
          ],
        },
      ],
    },
  },
};

export const internalErrorAnswer: FcmAnswer = {
  status: 500,
  body: { error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' } },
};

export interface FakeFirebase {
  readonly serviceAccount: FirebaseServiceAccount;
  /** Routes every HTTPS request to the fake, as plain HTTP over loopback. */
  readonly agent: Agent;
  /** The access token the token endpoint hands out; sends must carry it. */
  readonly accessToken: string;
  readonly tokenRequests: RecordedTokenRequest[];
  /** Sends that carried the right bearer token. */
  readonly sends: RecordedSend[];
  /** Requests the fake refused (unknown host or path, missing or wrong bearer token). */
  readonly refused: string[];
  /** Tokens answered with 404 UNREGISTERED. */
  readonly unregisteredTokens: Set<string>;
  /** Any other answer for a given token. */
  readonly answers: Map<string, FcmAnswer>;
  /** Runs before a send is answered: lets a test change the world while the request is in flight. */
  beforeAnswer: ((send: RecordedSend) => Promise<void>) | undefined;
  /**
   * Points Node's default HTTPS agent at the fake until close(). Needed because firebase-admin 13 drops the
   * agent given to cert() when the key is an object, not a file path (firebase/firebase-admin-node#2960), so
   * the OAuth call uses the default agent; it also keeps any other stray HTTPS request off the network.
   */
  interceptDefaultHttps(): void;
  close(): Promise<void>;
}

/** An HTTPS agent whose connections are plain TCP to the fake: firebase-admin and gaxios keep their https:// URLs. */
class LoopbackAgent extends Agent {
  constructor(private readonly port: number) {
    super({ keepAlive: false });
  }

  override createConnection(_options: RequestOptions): Duplex {
    return connect(this.port, '127.0.0.1');
  }
}

export async function startFakeFirebase(projectId = 'connect-push-test'): Promise<FakeFirebase> {
  const keys = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const serviceAccount: FirebaseServiceAccount = {
    projectId,
    clientEmail: `push@${projectId}.iam.gserviceaccount.com`,
    privateKey: keys.privateKey,
  };
  const accessToken = `ya29.test-${randomBytes(12).toString('hex')}`;
  const tokenRequests: RecordedTokenRequest[] = [];
  const sends: RecordedSend[] = [];
  const refused: string[] = [];
  const unregisteredTokens = new Set<string>();
  const answers = new Map<string, FcmAnswer>();

  function verifiedClaims(assertion: string): Record<string, unknown> | null {
    const [header, payload, signature] = assertion.split('.');
    if (!header || !payload || !signature) return null;
    const signed = verify(
      'RSA-SHA256',
      Buffer.from(`${header}.${payload}`),
      keys.publicKey,
      Buffer.from(signature, 'base64url'),
    );
    return signed
      ? (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>)
      : null;
  }

  function answerToken(body: string, response: ServerResponse): void {
    const form = new URLSearchParams(body);
    const claims = verifiedClaims(form.get('assertion') ?? '');
    if (!claims)
      return sendJson(response, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
    tokenRequests.push({ grantType: form.get('grant_type'), claims });
    const valid =
      form.get('grant_type') === jwtBearerGrant &&
      claims.iss === serviceAccount.clientEmail &&
      claims.aud === `https://${tokenHost}/token` &&
      typeof claims.scope === 'string' &&
      claims.scope.split(' ').includes(messagingScope);
    if (!valid)
      return sendJson(response, 400, { error: 'invalid_grant', error_description: 'Invalid grant.' });
    return sendJson(response, 200, { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' });
  }

  async function answerSend(
    request: IncomingMessage,
    sendProjectId: string,
    body: string,
    response: ServerResponse,
  ): Promise<void> {
    const authorization = request.headers.authorization;
    if (authorization !== `Bearer ${accessToken}`) {
      refused.push(`send with authorization ${authorization ?? '(none)'}`);
      return sendJson(response, 401, {
        error: {
          code: 401,
          message: 'Request had invalid authentication credentials.',
          status: 'UNAUTHENTICATED',
        },
      });
    }
    const send: RecordedSend = {
      projectId: sendProjectId,
      authorization,
      body: JSON.parse(body) as FcmSendBody,
    };
    sends.push(send);
    if (fake.beforeAnswer) await fake.beforeAnswer(send);
    const token = send.body.message.token;
    const answer = unregisteredTokens.has(token) ? unregisteredAnswer : answers.get(token);
    if (answer) return sendJson(response, answer.status, answer.body);
    return sendJson(response, 200, { name: `projects/${sendProjectId}/messages/${sends.length}` });
  }

  async function route(request: IncomingMessage, body: string, response: ServerResponse): Promise<void> {
    const host = request.headers.host;
    const path = request.url ?? '';
    const sendPath = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(path);
    if (request.method === 'POST' && host === tokenHost && path === '/token')
      return answerToken(body, response);
    if (request.method === 'POST' && host === fcmHost && sendPath?.[1]) {
      return await answerSend(request, decodeURIComponent(sendPath[1]), body, response);
    }
    refused.push(`${request.method} ${host}${path}`);
    sendJson(response, 404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } });
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      route(request, Buffer.concat(chunks).toString('utf8'), response).catch((error: unknown) => {
        refused.push(`${request.method} ${request.headers.host}${request.url}: ${String(error)}`);
        sendJson(response, 500, { error: { code: 500, message: 'The fake failed.', status: 'INTERNAL' } });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new LoopbackAgent(port);
  let restoreDefaultHttps: (() => void) | undefined;

  const fake: FakeFirebase = {
    serviceAccount,
    agent,
    accessToken,
    tokenRequests,
    sends,
    refused,
    unregisteredTokens,
    answers,
    beforeAnswer: undefined,
    interceptDefaultHttps: () => {
      if (restoreDefaultHttps) return;
      const previous = https.globalAgent;
      https.globalAgent = agent;
      restoreDefaultHttps = () => {
        https.globalAgent = previous;
      };
    },
    close: async () => {
      restoreDefaultHttps?.();
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
  return fake;
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  response.end(JSON.stringify(body));
}

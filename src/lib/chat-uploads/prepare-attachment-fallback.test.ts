import type * as HashWasm from 'hash-wasm';
import { sha256 } from 'hash-wasm';
import { configureDeviceFileStorage, createMemoryDeviceFileStorage } from './device-files';
import { prepareAttachment } from './prepare-attachment';

// A page whose policy forbids compiling WebAssembly: hash-wasm cannot start its hasher.
vi.mock('hash-wasm', async (importOriginal) => ({
  ...(await importOriginal<typeof HashWasm>()),
  createSHA256: () => Promise.reject(new WebAssembly.CompileError('violates the Content Security Policy')),
}));

beforeEach(() => configureDeviceFileStorage(createMemoryDeviceFileStorage()));
afterEach(() => configureDeviceFileStorage(undefined));

it('hashes with WebCrypto where WebAssembly may not run, to the same SHA-256', async () => {
  const bytes = new TextEncoder().encode('a photo of the bullpen');

  const attachment = await prepareAttachment(new Blob([bytes], { type: 'image/jpeg' }), 'Bullpen.jpg');

  expect(attachment.sha256).toBe(await sha256(bytes));
});

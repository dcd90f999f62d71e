import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { baseUrl, chromiumExecutable, chromiumFlags } from './browser';

/**
 * Chromium driven over the DevTools protocol on a pipe, attached to its page only. Playwright attaches DevTools to
 * every service worker, and a worker under DevTools never counts as idle, so a waiting release's worker may never
 * activate there (docs/decisions/073). Used only where the test is about the service worker's own life cycle.
 */
export interface PlainPage {
  /** Runs `expression` in the page and returns its (awaited, JSON) value. */
  evaluate<T>(expression: string): Promise<T>;
  /** Polls `expression` until it is truthy. */
  waitFor(expression: string, timeoutMs?: number): Promise<void>;
  /** Clicks the middle of the element `selector` finds with the mouse, as a person would. */
  click(selector: string): Promise<void>;
  /** Types into the element `selector` finds, as a keyboard would. */
  type(selector: string, text: string): Promise<void>;
  setOffline(offline: boolean): Promise<void>;
  /** How many times the page has loaded (the load event), reloads included. */
  loads(): number;
  /** Uncaught errors of the page, in order. */
  pageErrors: string[];
}

export interface PlainChromium {
  openPage(pathname: string): Promise<PlainPage>;
  close(): Promise<void>;
}

interface Pending {
  resolve: (result: Record<string, unknown>) => void;
  reject: (error: Error) => void;
}
type Listener = (params: Record<string, unknown>, sessionId?: string) => void;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function launchPlainChromium(): Promise<PlainChromium> {
  const profile = mkdtempSync(path.join(tmpdir(), 'plain-chromium-'));
  const chromium: ChildProcess = spawn(
    chromiumExecutable,
    [
      '--headless',
      ...chromiumFlags,
      // Chromium holds a waiting worker back for 30 s after warming the active one up for a link (ADR 073).
      '--disable-features=SpeculativeServiceWorkerWarmUp',
      '--remote-debugging-pipe',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const toBrowser = chromium.stdio[3] as Writable;
  const fromBrowser = chromium.stdio[4] as Readable;

  let lastId = 0;
  const pending = new Map<number, Pending>();
  const listeners = new Map<string, Listener[]>();
  let buffer = '';
  // The pipe carries one JSON message per NUL-terminated chunk.
  fromBrowser.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    for (let end = buffer.indexOf('\0'); end >= 0; end = buffer.indexOf('\0')) {
      const message = JSON.parse(buffer.slice(0, end)) as {
        id?: number;
        method?: string;
        params?: Record<string, unknown>;
        result?: Record<string, unknown>;
        error?: { message: string };
        sessionId?: string;
      };
      buffer = buffer.slice(end + 1);
      if (message.id !== undefined) {
        const waiting = pending.get(message.id);
        pending.delete(message.id);
        if (message.error) waiting?.reject(new Error(message.error.message));
        else waiting?.resolve(message.result ?? {});
      } else if (message.method) {
        for (const listener of listeners.get(message.method) ?? [])
          listener(message.params ?? {}, message.sessionId);
      }
    }
  });
  const send = (method: string, params: Record<string, unknown> = {}, sessionId?: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      lastId += 1;
      pending.set(lastId, { resolve, reject });
      toBrowser.write(`${JSON.stringify({ id: lastId, method, params, sessionId })}\0`);
    });
  const on = (method: string, listener: Listener) =>
    listeners.set(method, [...(listeners.get(method) ?? []), listener]);

  await send('Browser.getVersion');

  async function openPage(pathname: string): Promise<PlainPage> {
    const { targetId } = await send('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = (await send('Target.attachToTarget', { targetId, flatten: true })) as {
      sessionId: string;
    };
    let loads = 0;
    const pageErrors: string[] = [];
    on('Page.loadEventFired', (_params, from) => {
      if (from === sessionId) loads += 1;
    });
    on('Runtime.exceptionThrown', (params, from) => {
      const details = params.exceptionDetails as { text: string; exception?: { description?: string } };
      if (from === sessionId) pageErrors.push(details.exception?.description ?? details.text);
    });
    await send('Page.enable', {}, sessionId);
    await send('Runtime.enable', {}, sessionId);
    await send('Network.enable', {}, sessionId);
    await send(
      'Emulation.setDeviceMetricsOverride',
      { width: 1280, height: 800, deviceScaleFactor: 1, mobile: false },
      sessionId,
    );

    const evaluate = async <T>(expression: string): Promise<T> => {
      const { result, exceptionDetails } = (await send(
        'Runtime.evaluate',
        { expression, awaitPromise: true, returnByValue: true },
        sessionId,
      )) as { result: { value: T }; exceptionDetails?: { text: string } };
      if (exceptionDetails) throw new Error(`${expression}: ${exceptionDetails.text}`);
      return result.value;
    };
    const waitFor = async (expression: string, timeoutMs = 15_000) => {
      for (const end = Date.now() + timeoutMs; Date.now() < end; await sleep(100)) {
        // A reload destroys the context the expression runs in: the next round asks the new page.
        if (await evaluate<boolean>(`Boolean(${expression})`).catch(() => false)) return;
      }
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${expression}`);
    };
    await send('Page.navigate', { url: new URL(pathname, baseUrl()).href }, sessionId);
    await waitFor(`document.readyState === 'complete'`);
    return {
      evaluate,
      waitFor,
      async click(selector) {
        await waitFor(`document.querySelector(${JSON.stringify(selector)})`);
        const { x, y } = await evaluate<{ x: number; y: number }>(
          `(() => { const box = document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect();
            return { x: box.x + box.width / 2, y: box.y + box.height / 2 }; })()`,
        );
        for (const type of ['mousePressed', 'mouseReleased'])
          await send('Input.dispatchMouseEvent', { type, x, y, button: 'left', clickCount: 1 }, sessionId);
      },
      async type(selector, text) {
        await waitFor(`document.querySelector(${JSON.stringify(selector)})`);
        await evaluate(`document.querySelector(${JSON.stringify(selector)}).focus()`);
        await send('Input.insertText', { text }, sessionId);
      },
      async setOffline(offline) {
        await send(
          'Network.emulateNetworkConditions',
          { offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 },
          sessionId,
        );
      },
      loads: () => loads,
      pageErrors,
    };
  }

  return {
    openPage,
    async close() {
      await send('Browser.close').catch(() => undefined);
      await new Promise((resolve) => {
        if (chromium.exitCode !== null) resolve(undefined);
        else chromium.once('exit', resolve);
      });
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

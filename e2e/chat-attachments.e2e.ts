import { createHash, randomBytes } from 'node:crypto';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { saveScreenshotsAtBothSizes, signInToDashboard } from './support/browser';
import type { OpenContext } from './support/contexts';
import { openSignedInPage, useAppContexts } from './support/contexts';

/*
 * Chat attachments end to end (issue 25, ADR 063): a photo sent from a phone through a connection that keeps
 * dropping arrives once with the same bytes, and a voice message recorded with Chromium's fake microphone plays.
 * The chat screens' own words are kept in the helpers below (the conversation list, the composer's Send).
 */

const coachName = 'Casey Jordan';
const athleteName = 'Jamie Rivera';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A real JPEG of about 13 MB (noise compresses badly): three 5 MB chunks, and a preview the server can make. */
async function bullpenPhoto(): Promise<Buffer> {
  const width = 2400;
  const height = 2000;
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

/** A call to the API as the signed-in page makes it, with its session's token. */
async function apiOf<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const stored = sessionStorage.getItem('connect.auth.v1') ?? localStorage.getItem('connect.auth.v1');
      const { token } = JSON.parse(stored ?? '{}') as { token?: string };
      const response = await fetch(path, {
        method,
        headers: { Authorization: `Bearer ${token ?? ''}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
      return (await response.json()) as T;
    },
    { method, path, body },
  );
}

/** The athlete's direct conversation with the coach, made through the API if it is not there yet. */
async function ensureDirectConversation(athlete: Page, coach: Page): Promise<void> {
  const me = await apiOf<{ user: { id: string } }>(coach, 'GET', '/api/me');
  await apiOf(athlete, 'POST', '/api/chats', { kind: 'direct', memberId: me.user.id });
}

async function openConversation(page: Page, withName: string): Promise<void> {
  await page.goto('/app/chat');
  const entry = page
    .getByRole('link', { name: new RegExp(withName) })
    .or(page.getByRole('button', { name: new RegExp(withName) }))
    .first();
  await entry.click();
  await page.getByRole('button', { name: 'Attach a file' }).waitFor();
}

/** The composer sends an attachment with its Send button where it has one waiting for it. */
async function sendWhatIsAttached(page: Page): Promise<void> {
  const send = page.getByRole('button', { name: 'Send', exact: true });
  if (await send.isEnabled({ timeout: 3_000 }).catch(() => false)) await send.click();
}

/** The connection drops for a moment: the browser goes offline and comes back, as a phone in a tunnel does. */
async function blip(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await new Promise((resolve) => setTimeout(resolve, 400));
  await context.setOffline(false);
}

/**
 * The first `times` upload requests fail, so all of them fall during the upload: most before reaching the server,
 * the 4th and 8th after it kept the chunk (the answer is lost on the way back, so the next attempt meets the
 * committed offset). Each drop takes the browser offline for a moment.
 */
async function dropUploadRequests(context: BrowserContext, times: number): Promise<() => number> {
  let drops = 0;
  await context.route('**/api/upload**', async (route) => {
    if (drops >= times) {
      await route.continue();
      return;
    }
    drops += 1;
    if (drops % 4 === 0) await route.fetch().catch(() => undefined);
    await route.abort('internetdisconnected');
    void blip(context);
  });
  return () => drops;
}

async function countOf(locator: Locator): Promise<number> {
  return locator.count();
}

describe('chat attachments in Chromium', () => {
  const openContext: OpenContext = useAppContexts({ fakeMicrophone: true });

  it('an athlete on a phone sends a photo while the connection drops and returns ten times; the coach sees it once, with the same SHA-256', async () => {
    const coach = await openSignedInPage(openContext, 'coach@demo.test', 'desktop');
    const athleteContext = await openContext({ viewport: 'phone' });
    const athlete = await athleteContext.newPage();
    await signInToDashboard(athlete, 'athlete@demo.test');
    await ensureDirectConversation(athlete, coach);
    await openConversation(athlete, coachName);
    await openConversation(coach, athleteName);

    const photo = await bullpenPhoto();
    const fileName = `bullpen-${Date.now()}.jpg`;
    const dropsSoFar = await dropUploadRequests(athleteContext, 10);
    await athlete
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: fileName, mimeType: 'image/jpeg', buffer: photo });
    await sendWhatIsAttached(athlete);
    await athlete
      .getByRole('progressbar', { name: 'Uploading' })
      .or(athlete.getByText('Waiting to upload'))
      .first()
      .waitFor();
    await saveScreenshotsAtBothSizes(athlete, 'chat-upload-in-progress');

    const onCoachScreen = coach.getByRole('button', { name: `Open photo ${fileName}` });
    await expect.poll(() => countOf(onCoachScreen), { timeout: 180_000, interval: 500 }).toBe(1);
    expect(dropsSoFar()).toBe(10);
    // Once on both screens, and still once a moment later (no second copy from a repeated send).
    await athlete.getByRole('button', { name: `Open photo ${fileName}` }).waitFor({ timeout: 30_000 });
    await coach.waitForTimeout(2_000);
    expect(await onCoachScreen.count()).toBe(1);
    expect(await athlete.getByRole('button', { name: `Open photo ${fileName}` }).count()).toBe(1);
    await saveScreenshotsAtBothSizes(coach, 'chat-conversation-with-photo');

    await onCoachScreen.click();
    const download = coach
      .getByRole('dialog', { name: fileName })
      .getByRole('link', { name: `Download ${fileName}` });
    const fileUrl = await download.getAttribute('href');
    expect(fileUrl).toMatch(/^\/api\/files\//);
    const file = await coach.request.get(fileUrl!);
    expect(file.status()).toBe(200);
    expect(sha256(await file.body())).toBe(sha256(photo));
  }, 300_000);

  it('a voice message recorded with the fake microphone plays back on the coach’s desktop', async () => {
    const coach = await openSignedInPage(openContext, 'coach@demo.test', 'desktop');
    const athlete = await openSignedInPage(openContext, 'athlete@demo.test', 'phone');
    await ensureDirectConversation(athlete, coach);
    await openConversation(athlete, coachName);
    await openConversation(coach, athleteName);
    const playersBefore = await coach.getByRole('button', { name: 'Play voice message' }).count();

    await athlete.getByRole('button', { name: 'Record a voice message' }).click();
    const recording = athlete.getByRole('group', { name: 'Recording a voice message' });
    await recording.getByRole('timer').filter({ hasText: '0:02' }).waitFor();
    await recording.getByRole('button', { name: 'Send the voice message' }).click();
    await sendWhatIsAttached(athlete);

    const players = coach.getByRole('button', { name: 'Play voice message' });
    await expect.poll(() => players.count(), { timeout: 60_000, interval: 500 }).toBe(playersBefore + 1);
    await players.last().click();
    const audio = coach.locator('audio').last();
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), {
        timeout: 15_000,
        interval: 200,
      })
      .toBeGreaterThan(0.3);
    await saveScreenshotsAtBothSizes(coach, 'chat-voice-message');
  }, 120_000);
});

import { demoUsers } from '@mocks/data';
import { createQuestionnaireAnswersFake, demoQuestionnaireIds } from '@mocks/handlers/questionnaire-answers';
import { server } from '@mocks/server';
import { waitFor } from '@testing-library/react';
import { getResponse, http, HttpResponse } from 'msw';
import { configureOutboxSync, registerOutboxSender, resetOutboxSync } from '@/lib/tracking-sync/outbox-sync';
import { createTestQueryClient } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';
import { answerOutboxSender, saveAnswer } from './answer-outbox';
import {
  configureDeviceAnswerStorage,
  createMemoryDeviceAnswerStorage,
  forgetDeviceAnswersInMemory,
} from './device-answers';

const athlete = demoUsers.athlete;
const today = '2026-11-27';
const answerUrl = '*/api/questionnaire-answers/:id';
const wellness = { fatigue: 4, sleep: 3, soreness: 4, stress: 5, mood: 4 };
let fake: ReturnType<typeof createQuestionnaireAnswersFake>;
let device: ReturnType<typeof createMemoryDeviceAnswerStorage>;
let stop: () => void;

beforeEach(() => {
  fake = createQuestionnaireAnswersFake({ today });
  server.use(...fake.handlers);
  device = createMemoryDeviceAnswerStorage();
  configureDeviceAnswerStorage(device);
  signInAs(athlete);
  configureOutboxSync({ currentUserId: () => athlete.id, onAnswered: () => undefined });
  stop = registerOutboxSender('questionnaires', answerOutboxSender(createTestQueryClient()));
});

afterEach(() => {
  stop();
  resetOutboxSync();
  forgetDeviceAnswersInMemory();
  configureDeviceAnswerStorage(null);
});

const answerWellness = (values: Record<string, number> = wellness, date = today) =>
  saveAnswer({
    userId: athlete.id,
    questionnaireId: demoQuestionnaireIds.wellness,
    version: 1,
    date,
    values,
    serverAnswerId: null,
  });

const onlyDeviceAnswer = () => [...device.answers.values()][0];

describe('a questionnaire answer given on the phone', () => {
  it('is kept on the device with no signal, and sent once when the signal returns', async () => {
    let attempts = 0;
    server.use(
      http.put(answerUrl, () => {
        attempts += 1;
        return HttpResponse.error();
      }),
    );
    const answer = await answerWellness();
    expect(device.answers.get(answer.id)).toMatchObject({ status: 'pending', values: wellness });
    await waitFor(() => expect(attempts).toBeGreaterThan(0));
    expect(device.answers.get(answer.id)?.status).toBe('pending');

    // The signal returns: the loop's next round sends it.
    server.resetHandlers(...fake.handlers);
    await waitFor(() => expect(device.answers.get(answer.id)?.status).toBe('sent'), { timeout: 4000 });
    expect(fake.puts.map((put) => [put.id, put.status])).toEqual([[answer.id, 201]]);
    expect(fake.answers.get(answer.id)?.values).toEqual(wellness);
    expect(fake.answers.size).toBe(1);
  });

  it('is sent again with the same id after a dropped response, and stored once', async () => {
    let dropped = false;
    server.use(
      http.put(answerUrl, async ({ request }) => {
        if (dropped) return undefined;
        dropped = true;
        // The server stores it; the answer never reaches the phone.
        await getResponse(fake.handlers, request);
        return HttpResponse.error();
      }),
    );
    const answer = await answerWellness();
    await waitFor(() => expect(device.answers.get(answer.id)?.status).toBe('sent'), { timeout: 4000 });
    expect(fake.puts.map((put) => [put.id, put.status])).toEqual([
      [answer.id, 201],
      [answer.id, 200],
    ]);
    expect(fake.answers.size).toBe(1);
  });

  it('changed the same day, is sent again with the same id', async () => {
    const first = await answerWellness();
    await waitFor(() => expect(onlyDeviceAnswer()?.status).toBe('sent'));
    const changed = await answerWellness({ ...wellness, sleep: 1 });
    expect(changed.id).toBe(first.id);
    await waitFor(() => expect(fake.puts).toHaveLength(2));
    await waitFor(() => expect(onlyDeviceAnswer()?.status).toBe('sent'));
    expect(fake.puts.map((put) => [put.id, put.status])).toEqual([
      [first.id, 201],
      [first.id, 200],
    ]);
    expect(fake.answers.get(first.id)?.values.sleep).toBe(1);
  });

  it('takes the id of the day’s answer another device gave first', async () => {
    const otherDeviceId = '0e5a0002-0000-4000-8000-000000000099';
    fake.answers.set(otherDeviceId, {
      id: otherDeviceId,
      questionnaireId: demoQuestionnaireIds.wellness,
      version: 1,
      athleteId: athlete.id,
      date: today,
      values: wellness,
      total: 20,
      createdAt: '2026-11-27T06:00:00.000Z',
      updatedAt: '2026-11-27T06:00:00.000Z',
    });
    const answer = await answerWellness({ ...wellness, mood: 2 });
    await waitFor(() => expect(device.answers.get(otherDeviceId)?.status).toBe('sent'));
    expect(device.answers.has(answer.id)).toBe(false);
    expect(fake.answers.size).toBe(1);
    expect(fake.answers.get(otherDeviceId)?.values.mood).toBe(2);
  });

  it('refused with a 400, keeps the server’s problem next to each question it names', async () => {
    const answer = await answerWellness({ ...wellness, sleep: 9 });
    await waitFor(() => expect(device.answers.get(answer.id)?.status).toBe('refused'));
    const refused = device.answers.get(answer.id);
    expect(refused?.problems.sleep).toMatch(/\d/);
    expect(Object.keys(refused?.problems ?? {})).toEqual(['sleep']);
    expect(refused?.refusal).toBeTruthy();
    expect(fake.puts).toHaveLength(1);
  });

  it('refused with a 409 for a day that can no longer be changed, says so and is not sent again', async () => {
    const answer = await answerWellness(wellness, '2026-11-20');
    await waitFor(() => expect(device.answers.get(answer.id)?.status).toBe('refused'));
    expect(device.answers.get(answer.id)?.refusal).toMatch(/can no longer be changed/);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.puts).toHaveLength(1);
  });
});

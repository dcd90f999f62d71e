import Cookies from 'js-cookie';
import { z } from 'zod';
import { clearAllFormDrafts, clearFormDraft, loadFormDraft, saveFormDraft } from './form-draft';

const workoutDraftSchema = z.object({ name: z.string(), notes: z.string().optional() });
const workoutDraft = (saved: unknown) => workoutDraftSchema.safeParse(saved).data;

afterEach(() => {
  clearAllFormDrafts();
  vi.useRealTimers();
});

describe('form drafts', () => {
  it('saves a form’s values as JSON in a cookie named after its key, and loads them back', () => {
    saveFormDraft('workout', { name: 'Long toss', notes: 'Before practice' });
    expect(JSON.parse(Cookies.get('form-draft.workout') ?? '')).toEqual({
      name: 'Long toss',
      notes: 'Before practice',
    });
    expect(loadFormDraft('workout', workoutDraft)).toEqual({ name: 'Long toss', notes: 'Before practice' });
  });

  it('writes the cookie for 5 days at path /, same-site lax', () => {
    vi.useFakeTimers({ now: new Date('2027-03-01T12:00:00.000Z'), toFake: ['Date'] });
    const cookie = vi.spyOn(document, 'cookie', 'set');
    saveFormDraft('workout', { name: 'Long toss' });
    const written = cookie.mock.calls.at(-1)?.[0] ?? '';
    expect(written).toMatch(/^form-draft\.workout=/);
    expect(written).toContain('; path=/');
    expect(written).toContain('; expires=Sat, 06 Mar 2027 12:00:00 GMT');
    expect(written).toContain('; sameSite=lax');
  });

  it('never writes a password, at any depth', () => {
    saveFormDraft('registration', {
      email: 'casey@demo.test',
      password: 'secret-1',
      confirmPassword: 'secret-1',
      account: { newPassword: 'secret-2', firstName: 'Casey' },
    });
    expect(document.cookie).not.toContain('secret');
    expect(JSON.parse(Cookies.get('form-draft.registration') ?? '')).toEqual({
      email: 'casey@demo.test',
      account: { firstName: 'Casey' },
    });
  });

  it('clears a draft, leaving other forms’ drafts', () => {
    saveFormDraft('workout', { name: 'Long toss' });
    saveFormDraft('exercise', { name: 'Band pull-apart' });
    clearFormDraft('workout');
    expect(loadFormDraft('workout', workoutDraft)).toBeNull();
    expect(loadFormDraft('exercise', workoutDraft)).toEqual({ name: 'Band pull-apart' });
  });

  it('answers null when there is no draft, or it is not JSON, or it does not fit the form any more', () => {
    expect(loadFormDraft('workout', workoutDraft)).toBeNull();
    Cookies.set('form-draft.workout', '{not json', { path: '/' });
    expect(loadFormDraft('workout', workoutDraft)).toBeNull();
    saveFormDraft('workout', { title: 'An older shape of the form' });
    expect(loadFormDraft('workout', workoutDraft)).toBeNull();
  });

  it('does not keep a draft too large for a cookie, dropping the older one', () => {
    saveFormDraft('workout', { name: 'Long toss' });
    saveFormDraft('workout', { name: 'x'.repeat(5000) });
    expect(loadFormDraft('workout', workoutDraft)).toBeNull();
  });

  it('takes only lower-case kebab-case keys, so the cookie name needs no encoding', () => {
    expect(() => saveFormDraft('Workout Form', { name: '' })).toThrow(/kebab-case/);
  });

  it('clears every form draft and nothing else', () => {
    Cookies.set('other', 'kept', { path: '/' });
    saveFormDraft('workout', { name: 'Long toss' });
    saveFormDraft('exercise', { name: 'Band pull-apart' });
    clearAllFormDrafts();
    expect(Object.keys(Cookies.get())).toEqual(['other']);
    Cookies.remove('other', { path: '/' });
  });
});

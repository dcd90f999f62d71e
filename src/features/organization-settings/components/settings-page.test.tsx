import { demoSettings, demoUsers } from '@mocks/data';
import { freshSettingsState, settingsHandlersFor, type SettingsMockState } from '@mocks/handlers/settings';
import { server } from '@mocks/server';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { settingsStorageKey } from '@/lib/branding/settings-cache';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';

let state: SettingsMockState;

/** Every body the screen sent to the settings API, in order. */
function recordWrites(): { method: string; path: string; body: unknown }[] {
  const seen: { method: string; path: string; body: unknown }[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET' || !/^\/api\/(settings|customSidebarItems)/.test(url.pathname)) return;
    const body = request.headers.get('content-type')?.includes('json')
      ? request.clone().json()
      : Promise.resolve(null);
    void body.then((parsed) => seen.push({ method: request.method, path: url.pathname, body: parsed }));
  });
  return seen;
}

async function openSettings() {
  const view = renderApp('/app/settings');
  expect(await screen.findByRole('heading', { level: 1, name: 'Organisation settings' })).toBeInTheDocument();
  await screen.findByRole('heading', { level: 2, name: 'General' });
  return view;
}

const section = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  state = freshSettingsState();
  server.use(...settingsHandlersFor(state));
  signInAs(demoUsers.admin);
  URL.createObjectURL = vi.fn(() => 'blob:logo-preview');
  URL.revokeObjectURL = vi.fn();
});

describe('organisation settings (/app/settings)', () => {
  it('is for admins: a coach gets the not-allowed state and no navigation entry', async () => {
    signInAs(demoUsers.coach);
    renderApp('/app/settings');
    expect(await screen.findByText('This screen is for administrators')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'General' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Organisation settings' })).not.toBeInTheDocument();
  });

  it('shows the admin a navigation entry that opens it', async () => {
    const { user } = renderApp('/app/dashboard');
    const links = await screen.findAllByRole('link', { name: 'Organisation settings' });
    await user.click(links[0]!);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Organisation settings' }),
    ).toBeInTheDocument();
  });

  it('saves the name and support email, and the page title follows at once', async () => {
    const writes = recordWrites();
    const { user } = await openSettings();
    const general = section('General');
    const name = within(general).getByRole('textbox', { name: 'Organisation name' });
    await user.clear(name);
    await user.type(name, 'North Academy');
    const email = within(general).getByRole('textbox', { name: 'Support email (optional)' });
    await user.clear(email);
    await user.click(within(general).getByRole('button', { name: 'Save' }));

    expect(await within(general).findByText('Saved. The app shows the new name now.')).toBeInTheDocument();
    expect(writes).toEqual([
      { method: 'PUT', path: '/api/settings', body: { name: 'North Academy', supportEmail: '' } },
    ]);
    expect(state.settings).toMatchObject({ name: 'North Academy', supportEmail: null });
    await waitFor(() => expect(document.title).toBe('North Academy'));
    expect(JSON.parse(window.localStorage.getItem(settingsStorageKey) ?? '{}')).toMatchObject({
      name: 'North Academy',
    });
  });

  it('switches the unit of loads, the time zone and the first day of the week', async () => {
    const writes = recordWrites();
    const { user } = await openSettings();
    const training = section('Training');
    expect(within(training).getByRole('radio', { name: /Pounds \(lb\)/ })).toBeChecked();
    expect(within(training).getByLabelText('Time zone')).toHaveValue('America/Chicago');
    await user.click(within(training).getByRole('radio', { name: /Kilograms \(kg\)/ }));
    await user.selectOptions(within(training).getByLabelText('Time zone'), 'Europe/Amsterdam');
    await user.click(within(training).getByRole('radio', { name: 'Sunday' }));
    await user.click(within(training).getByRole('button', { name: 'Save' }));
    expect(
      await within(training).findByText('Saved. Workouts and the schedule follow these now.'),
    ).toBeInTheDocument();
    expect(writes).toEqual([
      {
        method: 'PUT',
        path: '/api/settings',
        // The default step and bar of pounds (5, 45) follow the unit to kilograms' (2.5, 20).
        body: {
          weightUnit: 'kg',
          timeZone: 'Europe/Amsterdam',
          weekStartsOn: 'sunday',
          plateStep: 2.5,
          barWeight: 20,
        },
      },
    ]);
    expect(state.settings).toMatchObject({
      weightUnit: 'kg',
      timeZone: 'Europe/Amsterdam',
      weekStartsOn: 'sunday',
      plateStep: 2.5,
      barWeight: 20,
    });
  });

  it('sets how dates and numbers are written, next to the time zone', async () => {
    const writes = recordWrites();
    const { user } = await openSettings();
    const training = section('Training');
    const locale = within(training).getByLabelText('Dates and numbers');
    expect(locale).toHaveValue('en-US');
    await user.selectOptions(locale, 'en-GB');
    await user.click(within(training).getByRole('button', { name: 'Save' }));
    await within(training).findByText('Saved. Workouts and the schedule follow these now.');
    expect(writes.at(-1)).toMatchObject({ body: { locale: 'en-GB' } });
    expect(state.settings.locale).toBe('en-GB');
  });

  it('turns on notifications of records for coaches, off by default', async () => {
    const writes = recordWrites();
    const { user } = await openSettings();
    const training = section('Training');
    const records = within(training).getByRole('switch', { name: 'Tell coaches about records' });
    expect(records).not.toBeChecked();
    await user.click(records);
    await user.click(within(training).getByRole('button', { name: 'Save' }));
    await within(training).findByText('Saved. Workouts and the schedule follow these now.');
    expect(writes.at(-1)).toMatchObject({ body: { recordNotifications: true } });
    expect(state.settings.recordNotifications).toBe(true);
    expect(records).toBeChecked();
  });

  it('sets the bar plates per side are counted on, beside the plate step, and refuses one out of range', async () => {
    const writes = recordWrites();
    const { user } = await openSettings();
    const training = section('Training');
    const bar = within(training).getByLabelText('Bar weight (lb)');
    expect(bar).toHaveValue(45);

    await user.clear(bar);
    await user.type(bar, '150');
    await user.click(within(training).getByRole('button', { name: 'Save' }));
    expect(within(training).getByText('The bar weight is between 5 and 100')).toBeInTheDocument();
    expect(writes).toEqual([]);

    await user.clear(bar);
    await user.type(bar, '35');
    await user.click(within(training).getByRole('button', { name: 'Save' }));
    await within(training).findByText('Saved. Workouts and the schedule follow these now.');
    expect(writes.at(-1)).toMatchObject({ body: { barWeight: 35 } });
    expect(state.settings.barWeight).toBe(35);
  });

  it('sets the plate step %1RM loads round to, refuses one out of range, and goes back to the default', async () => {
    const writes = recordWrites();
    const { user } = await openSettings();
    const training = section('Training');
    const step = within(training).getByLabelText('Plate step (lb)');
    expect(step).toHaveValue(5);

    await user.clear(step);
    await user.type(step, '30');
    await user.click(within(training).getByRole('button', { name: 'Save' }));
    expect(within(training).getByText('The plate step is between 0.25 and 25')).toBeInTheDocument();
    expect(writes).toEqual([]);

    await user.clear(step);
    await user.type(step, '2.5');
    await user.click(within(training).getByRole('button', { name: 'Save' }));
    await within(training).findByText('Saved. Workouts and the schedule follow these now.');
    expect(writes.at(-1)).toMatchObject({ body: { plateStep: 2.5 } });
    expect(state.settings.plateStep).toBe(2.5);

    await user.clear(step);
    await user.click(within(training).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes.at(-1)).toMatchObject({ body: { plateStep: null } }));
    await waitFor(() => expect(step).toHaveValue(5));
  });

  it('sets who athletes may message and the largest attachments, in MB, and refuses a size out of range', async () => {
    const writes = recordWrites();
    const { user } = await openSettings();
    const chat = section('Chat');
    const staffOnly = within(chat).getByRole('switch', { name: 'Athletes message staff only' });
    const video = within(chat).getByLabelText('Largest video (MB)');
    const other = within(chat).getByLabelText('Largest photo or other file (MB)');
    expect(staffOnly).not.toBeChecked();
    expect(video).toHaveValue(100);
    expect(other).toHaveValue(20);

    await user.clear(video);
    await user.type(video, '2000');
    await user.click(within(chat).getByRole('button', { name: 'Save' }));
    expect(video).toHaveAccessibleDescription('Enter a whole number of MB from 1 to 1024');
    expect(writes).toEqual([]);

    await user.click(staffOnly);
    await user.clear(video);
    await user.type(video, '250');
    await user.clear(other);
    await user.type(other, '5');
    await user.click(within(chat).getByRole('button', { name: 'Save' }));
    await within(chat).findByText('Saved. New messages follow these now.');
    expect(writes.at(-1)).toMatchObject({
      body: {
        chatAthletesToStaffOnly: true,
        uploadMaxVideoBytes: 250 * 1024 * 1024,
        uploadMaxOtherBytes: 5 * 1024 * 1024,
      },
    });
    expect(state.settings).toMatchObject({
      chatAthletesToStaffOnly: true,
      uploadMaxVideoBytes: 250 * 1024 * 1024,
      uploadMaxOtherBytes: 5 * 1024 * 1024,
    });
    expect(staffOnly).toBeChecked();
    expect(video).toHaveValue(250);
  });

  it('shows the server’s refusal of an attachment size next to its field', async () => {
    const { user } = await openSettings();
    const chat = section('Chat');
    server.use(
      http.put('*/api/settings', () =>
        HttpResponse.json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Invalid request body: check uploadMaxOtherBytes.',
              fields: { uploadMaxOtherBytes: 'The largest other file is between 1 and 100 MB' },
            },
          },
          { status: 400 },
        ),
      ),
    );
    await user.click(within(chat).getByRole('button', { name: 'Save' }));
    expect(await within(chat).findByText('Check the fields marked below.')).toBeInTheDocument();
    expect(within(chat).getByLabelText('Largest photo or other file (MB)')).toHaveAccessibleDescription(
      'The largest other file is between 1 and 100 MB',
    );
  });

  it('checks the fields before sending, and shows the server’s field errors next to them', async () => {
    const writes = recordWrites();
    const { user } = await openSettings();
    const general = section('General');
    const name = within(general).getByRole('textbox', { name: 'Organisation name' });
    await user.clear(name);
    await user.clear(within(general).getByRole('textbox', { name: 'Support email (optional)' }));
    await user.type(within(general).getByRole('textbox', { name: 'Support email (optional)' }), 'x');
    await user.click(within(general).getByRole('button', { name: 'Save' }));
    expect(name).toHaveAccessibleDescription('Enter the organisation’s name');
    expect(
      within(general).getByRole('textbox', { name: 'Support email (optional)' }),
    ).toHaveAccessibleDescription('Enter a valid email address, or leave it empty');
    expect(writes).toEqual([]);

    server.use(
      http.put('*/api/settings', () =>
        HttpResponse.json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Invalid request body: check name.',
              fields: { name: 'That name is taken by the platform' },
            },
          },
          { status: 400 },
        ),
      ),
    );
    await user.type(name, 'Platform');
    await user.clear(within(general).getByRole('textbox', { name: 'Support email (optional)' }));
    await user.click(within(general).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('That name is taken by the platform'));
    expect(within(general).getByRole('alert')).toHaveTextContent('Check the fields marked below.');
  });

  it('keeps what was typed when the network fails, and brings it back on the next visit', async () => {
    server.use(http.put('*/api/settings', () => HttpResponse.error()));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const first = await openSettings();
    const name = within(section('General')).getByRole('textbox', { name: 'Organisation name' });
    await first.user.clear(name);
    await first.user.type(name, 'Typed Offline');
    await first.user.click(within(section('General')).getByRole('button', { name: 'Save' }));
    expect(await within(section('General')).findByRole('alert')).toHaveTextContent(
      /Could not reach the server/,
    );
    first.unmount();

    await openSettings();
    const general = section('General');
    expect(within(general).getByRole('textbox', { name: 'Organisation name' })).toHaveValue('Typed Offline');
    expect(within(general).getByText('Your unsaved changes from before are back.')).toBeInTheDocument();
  });

  it('previews the colours as you type, refuses a wrong hex, and applies the saved theme', async () => {
    const writes = recordWrites();
    const { user } = await openSettings();
    const colours = section('Colours');
    const lift = within(colours).getByRole('textbox', { name: 'Lift' });
    const liftChip = within(
      within(colours).getByRole('list', { name: 'Workout category preview' }),
    ).getByText('Lift');
    expect(liftChip).toHaveStyle({ backgroundColor: demoSettings.liftColor! });

    await user.clear(lift);
    await user.type(lift, '#ff0000');
    expect(liftChip).toHaveStyle({ backgroundColor: '#ff0000', color: '#111827' });

    const primary = within(colours).getByRole('textbox', { name: 'Primary' });
    await user.clear(primary);
    await user.type(primary, '#0f766e');
    expect(within(colours).getByText('Save workout')).toHaveStyle({ backgroundColor: '#0f766e' });

    // Reset: back to the default, shown as the placeholder.
    await user.click(within(colours).getByRole('button', { name: 'Reset warm-up to the default' }));
    expect(within(colours).getByRole('textbox', { name: 'Warm-up' })).toHaveValue('');
    expect(
      within(within(colours).getByRole('list', { name: 'Workout category preview' })).getByText('Warm-up'),
    ).toHaveStyle({
      backgroundColor: '#9ca3af',
    });

    const hitting = within(colours).getByRole('textbox', { name: 'Hitting' });
    await user.clear(hitting);
    await user.type(hitting, 'red');
    await user.click(within(colours).getByRole('button', { name: 'Save colours' }));
    expect(hitting).toHaveAccessibleDescription('Use a hex colour such as #1d4ed8');
    expect(writes).toEqual([]);

    await user.clear(hitting);
    await user.type(hitting, '#abc');
    await user.click(within(colours).getByRole('button', { name: 'Save colours' }));
    expect(await within(colours).findByText('Saved. The new colours show now.')).toBeInTheDocument();
    expect(writes[0]?.body).toMatchObject({
      primaryColor: '#0f766e',
      liftColor: '#ff0000',
      warmUpColor: null,
      hittingColor: '#abc',
    });
    // The theme variables of the new primary colour (hsl 175° 77% 26%) are on the page.
    await waitFor(() => expect(document.documentElement.style.getPropertyValue('--primary-h')).toBe('175'));
    expect(document.getElementById('org-category-colors')?.textContent).toContain('#ff0000');
  });

  it('describes the password policy as you change it, and refuses a maximum below the minimum', async () => {
    const writes = recordWrites();
    const { user } = await openSettings();
    const policy = section('Password policy');
    expect(within(policy).getByText('Passwords need at least 6 characters.')).toBeInTheDocument();
    const min = within(policy).getByRole('textbox', { name: 'Minimum length' });
    await user.clear(min);
    await user.type(min, '10');
    await user.click(within(policy).getByRole('switch', { name: 'A number' }));
    await user.click(within(policy).getByRole('switch', { name: 'An uppercase letter' }));
    expect(
      within(policy).getByText(
        'Passwords need at least 10 characters, with at least an uppercase letter and a number.',
      ),
    ).toBeInTheDocument();

    const max = within(policy).getByRole('textbox', { name: 'Maximum length (optional)' });
    await user.type(max, '8');
    await user.click(within(policy).getByRole('button', { name: 'Save policy' }));
    expect(max).toHaveAccessibleDescription('The maximum cannot be below the minimum');
    expect(writes).toEqual([]);

    await user.type(max, '0');
    await user.click(within(policy).getByRole('button', { name: 'Save policy' }));
    expect(
      await within(policy).findByText('Saved. New passwords must follow these rules.'),
    ).toBeInTheDocument();
    expect(writes[0]?.body).toEqual({
      passwordPolicy: {
        minLength: 10,
        maxLength: 80,
        requireLowercase: false,
        requireUppercase: true,
        requireNumeric: true,
        requireNonAlphanumeric: false,
      },
    });
  });

  it('checks a logo by its content and size before sending, then uploads and shows it', async () => {
    const { user } = await openSettings();
    const logo = section('Logo');
    const input = within(logo).getByLabelText('Choose an image');

    await user.upload(input, new File(['just some text'], 'logo.png', { type: 'image/png' }));
    expect(await within(logo).findByText(/must be a PNG, JPEG, WebP or GIF/)).toBeInTheDocument();

    const pngHeader = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
    const huge = new Uint8Array(1024 * 1024 + 1);
    huge.set(pngHeader);
    await user.upload(input, new File([huge], 'huge.png', { type: 'image/png' }));
    expect(await within(logo).findByText(/the largest logo accepted is 1 MB/)).toBeInTheDocument();

    await user.upload(
      input,
      new File([new Uint8Array([...pngHeader, 0, 0, 0, 13])], 'crest.png', { type: 'image/png' }),
    );
    expect(await within(logo).findByRole('img', { name: 'Preview of the new logo' })).toHaveAttribute(
      'src',
      'blob:logo-preview',
    );
    await user.click(within(logo).getByRole('button', { name: 'Upload logo' }));
    expect(await within(logo).findByText(/Logo saved/)).toBeInTheDocument();
    expect(state.logo?.contentType).toBe('image/png');
    expect(within(logo).getByRole('img', { name: /logo$/ })).toHaveAttribute(
      'src',
      state.settings.companyLogo,
    );

    await user.click(within(logo).getByRole('button', { name: 'Remove logo' }));
    expect(await within(logo).findByText('Logo removed. The default logo shows now.')).toBeInTheDocument();
    expect(within(logo).getByRole('img', { name: /logo$/ })).toHaveAttribute('src', '/connected-logo.png');
  });

  it('shows the server’s reason when it refuses a logo', async () => {
    server.use(
      http.put('*/api/settings/logo', () =>
        HttpResponse.json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'The image could not be read.',
              fields: { logo: 'The image could not be read; it may be damaged. Export it again and retry.' },
            },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = await openSettings();
    const logo = section('Logo');
    await user.upload(
      within(logo).getByLabelText('Choose an image'),
      new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'photo.jpg', { type: 'image/jpeg' }),
    );
    await user.click(await within(logo).findByRole('button', { name: 'Upload logo' }));
    expect(await within(logo).findByText(/it may be damaged/)).toBeInTheDocument();
  });

  it('adds, reorders, edits and removes sidebar items', async () => {
    const { user } = await openSettings();
    const sidebar = section('Sidebar items');
    const list = await within(sidebar).findByRole('list', { name: 'Sidebar items' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Nutrition Guide']);

    await user.click(within(sidebar).getByRole('button', { name: 'Add sidebar item' }));
    const form = within(sidebar).getByRole('form', { name: 'New sidebar item' });
    await user.click(within(form).getByRole('button', { name: 'Add item' }));
    expect(within(form).getByRole('textbox', { name: 'Label' })).toHaveAccessibleDescription('Enter a label');

    await user.type(within(form).getByRole('textbox', { name: 'Label' }), 'Strength Tips');
    await user.type(within(form).getByRole('textbox', { name: 'Link' }), 'http://tips.example');
    await user.click(within(form).getByRole('button', { name: 'Add item' }));
    expect(within(form).getByRole('textbox', { name: 'Link' })).toHaveAccessibleDescription(
      'Use an https:// address',
    );

    const link = within(form).getByRole('textbox', { name: 'Link' });
    await user.clear(link);
    await user.type(link, 'https://tips.example');
    await user.click(within(form).getByRole('radio', { name: 'Dumbbell' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Athletes' }));
    await user.click(within(form).getByRole('button', { name: 'Add item' }));

    const added = await within(list).findByRole('listitem', { name: 'Strength Tips' });
    expect(added).toHaveTextContent('Athletes · https://tips.example');
    expect(state.sidebarItems.at(-1)).toMatchObject({
      label: 'Strength Tips',
      icon: 'dumbbell',
      roles: ['athlete'],
    });

    await user.click(within(added).getByRole('button', { name: 'Move Strength Tips up' }));
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.getAttribute('aria-label')),
      ).toEqual(['Strength Tips', 'Nutrition Guide']),
    );
    expect(state.sidebarItems.find((item) => item.label === 'Strength Tips')?.order).toBe(0);

    await user.click(within(list).getByRole('button', { name: 'Edit Nutrition Guide' }));
    const editForm = within(sidebar).getByRole('form', { name: 'Edit “Nutrition Guide”' });
    const label = within(editForm).getByRole('textbox', { name: 'Label' });
    await user.clear(label);
    await user.type(label, 'Meal Plans');
    await user.click(within(editForm).getByRole('button', { name: 'Save item' }));
    expect(await within(list).findByRole('listitem', { name: 'Meal Plans' })).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Remove Meal Plans' }));
    await user.click(within(list).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(within(list).queryByRole('listitem', { name: 'Meal Plans' })).not.toBeInTheDocument(),
    );
    expect(state.sidebarItems.map((item) => item.label)).toEqual(['Strength Tips']);
  });

  it('says when the settings cannot be loaded, and tries again', async () => {
    let failing = true;
    server.use(
      http.get('*/api/settings', () =>
        failing
          ? HttpResponse.json({ error: { code: 'NOT_FOUND', message: 'Not found.' } }, { status: 404 })
          : undefined,
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // Offline: the client does not wait 2 s and 4 s to try again (spec 9).
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { user } = renderApp('/app/settings');
    expect(await screen.findByText('The settings could not be loaded.')).toBeInTheDocument();
    failing = false;
    await act(() => user.click(screen.getByRole('button', { name: 'Try again' })));
    expect(await screen.findByRole('heading', { level: 2, name: 'General' })).toBeInTheDocument();
  });
});

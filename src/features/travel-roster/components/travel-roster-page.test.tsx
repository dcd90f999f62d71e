import type { Passenger, PassengerListResponse } from '@contract';
import { demoUsers } from '@mocks/data';
import { server } from '@mocks/server';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';

const roster: Passenger[] = [
  {
    id: '9e8d7c6b-0000-4000-8000-000000000011',
    firstName: 'Sam',
    lastName: 'Whitaker',
    userId: '5a0c8a8e-1d2b-4c4e-8f00-000000000011',
    trip: 'Summer Showcase — Atlanta',
    departureDate: '2099-06-20',
    seat: '11A',
    notes: null,
  },
  {
    id: '9e8d7c6b-0000-4000-8000-000000000012',
    firstName: 'Jamie',
    lastName: 'Rivera',
    userId: demoUsers.athlete.id,
    trip: 'Spring Classic — Phoenix',
    departureDate: '2099-03-12',
    seat: '10B',
    notes: null,
  },
  {
    id: '9e8d7c6b-0000-4000-8000-000000000013',
    firstName: 'Pat',
    lastName: 'Rivera',
    userId: null,
    trip: 'Spring Classic — Phoenix',
    departureDate: '2099-03-12',
    seat: null,
    notes: 'Parent chaperone',
  },
];

function answerRoster(passengers: Passenger[], { wait = false } = {}) {
  const requests: URL[] = [];
  server.use(
    http.get('*/passenger', async ({ request }) => {
      requests.push(new URL(request.url));
      if (wait) await delay(150);
      return HttpResponse.json<PassengerListResponse>({ data: passengers });
    }),
  );
  return requests;
}

describe('travel roster (/app/travel-roster)', () => {
  beforeEach(() => signInAs(demoUsers.coach));

  it('asks for page 0 of size 300, shows loading rows meanwhile, then a table per trip, soonest first', async () => {
    const requests = answerRoster(roster, { wait: true });
    renderApp('/app/travel-roster');

    expect(await screen.findByRole('heading', { level: 1, name: 'Travel roster' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the travel roster…');

    const tables = await screen.findAllByRole('table');
    expect(screen.queryByText('Loading the travel roster…')).not.toBeInTheDocument();
    expect(tables.map((table) => within(table).getByText(/^Travellers on/).textContent)).toEqual([
      'Travellers on Spring Classic — Phoenix',
      'Travellers on Summer Showcase — Atlanta',
    ]);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.searchParams.get('page')).toBe('0');
    expect(requests[0]?.searchParams.get('size')).toBe('300');

    const [phoenix] = tables;
    if (!phoenix) throw new Error('no table');
    const rows = within(phoenix).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'JRJamie Rivera',
      'PRPat RiveraGuestParent chaperone',
    ]);
    expect(within(rows[0] as HTMLElement).getByText('10B')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Not assigned')).toBeInTheDocument();
    expect(screen.getByText('2 trips · 3 travellers')).toBeInTheDocument();
  });

  it('filters travellers as you type', async () => {
    answerRoster(roster);
    const { user } = renderApp('/app/travel-roster');
    await screen.findAllByRole('table');

    await user.type(screen.getByRole('searchbox', { name: 'Search travellers' }), 'whit');
    await waitFor(() => expect(screen.getAllByRole('table')).toHaveLength(1));
    expect(screen.getByRole('cell', { name: /Sam Whitaker/ })).toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: 'Search travellers' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search travellers' }), 'nobody at all');
    expect(await screen.findByText('No traveller matches your search')).toBeInTheDocument();
  });

  it('says so when nobody is booked', async () => {
    answerRoster([]);
    renderApp('/app/travel-roster');
    expect(await screen.findByText('No trips booked yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('explains a failure and tries again', async () => {
    let attempts = 0;
    server.use(
      http.get('*/passenger', () => {
        attempts += 1;
        return attempts === 1
          ? HttpResponse.json({ error: { code: 'FORBIDDEN', message: 'No.' } }, { status: 403 })
          : HttpResponse.json<PassengerListResponse>({ data: roster });
      }),
    );
    const { user } = renderApp('/app/travel-roster');
    expect(await screen.findByRole('alert')).toHaveTextContent('The travel roster could not be loaded.');

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('table')).toHaveLength(2);
  });

  it('names itself in the header', async () => {
    answerRoster(roster);
    renderApp('/app/travel-roster');
    expect(await within(await screen.findByRole('banner')).findByText('Travel roster')).toBeInTheDocument();
  });
});

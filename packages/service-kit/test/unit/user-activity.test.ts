import { UserActivity } from '../../src/user-activity';

describe('UserActivity', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  /** A user's request that ends when `finish` is called. */
  function openRequest(users: UserActivity): { finish: () => void; done: Promise<string> } {
    let finish!: () => void;
    const done = users.during(
      () =>
        new Promise<string>((resolve) => {
          finish = () => resolve('answer');
        }),
    );
    return { finish, done };
  }

  it('is quiet with no request, busy while one runs and for the quiet period after it', async () => {
    const users = new UserActivity(250);
    expect(users.busy).toBe(false);
    await expect(users.whenQuiet()).resolves.toBeUndefined();
    const request = openRequest(users);
    expect(users.busy).toBe(true);
    request.finish();
    await expect(request.done).resolves.toBe('answer');
    expect(users.busy).toBe(true);
    jest.advanceTimersByTime(250);
    expect(users.busy).toBe(false);
  });

  it('wakes background work only once the last of overlapping requests ended a quiet period ago', async () => {
    const users = new UserActivity(250);
    const first = openRequest(users);
    const second = openRequest(users);
    let woken = false;
    void users.whenQuiet().then(() => {
      woken = true;
    });
    first.finish();
    await first.done;
    await jest.advanceTimersByTimeAsync(1_000);
    expect(woken).toBe(false); // the second is still under way
    second.finish();
    await second.done;
    await jest.advanceTimersByTimeAsync(249);
    expect(woken).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(woken).toBe(true);
  });

  it('a request that starts within the quiet period puts the wake-up off again', async () => {
    const users = new UserActivity(250);
    const first = openRequest(users);
    first.finish();
    await first.done;
    let woken = false;
    void users.whenQuiet().then(() => {
      woken = true;
    });
    await jest.advanceTimersByTimeAsync(200);
    const next = openRequest(users);
    await jest.advanceTimersByTimeAsync(500);
    expect(woken).toBe(false);
    next.finish();
    await next.done;
    await jest.advanceTimersByTimeAsync(250);
    expect(woken).toBe(true);
  });

  it('lets background work go after the longest wait even under requests that never pause', async () => {
    const users = new UserActivity(250);
    const endless = openRequest(users);
    let woken = false;
    void users.whenQuiet(10_000).then(() => {
      woken = true;
    });
    await jest.advanceTimersByTimeAsync(9_999);
    expect(woken).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(woken).toBe(true);
    endless.finish();
    await endless.done;
  });

  it('counts a failed request as ended', async () => {
    const users = new UserActivity(250);
    await expect(users.during(() => Promise.reject(new Error('no index')))).rejects.toThrow('no index');
    jest.advanceTimersByTime(250);
    expect(users.busy).toBe(false);
  });

  it('counts a noted request (end unknown) as ended then: busy for the quiet period, waiters woken after', async () => {
    const users = new UserActivity(500);
    let woken = false;
    users.noteRequest();
    expect(users.busy).toBe(true);
    void users.whenQuiet().then(() => {
      woken = true;
    });
    await jest.advanceTimersByTimeAsync(400);
    users.noteRequest(); // another, before the quiet period was over
    await jest.advanceTimersByTimeAsync(499);
    expect(woken).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(woken).toBe(true);
    expect(users.busy).toBe(false);
  });

  it('tells its listeners of each request as it arrives, whether run through it or only noted', async () => {
    const users = new UserActivity(250);
    const arrivals: string[] = [];
    users.onArrival(() => arrivals.push(users.busy ? 'while busy' : 'while quiet'));
    const request = openRequest(users);
    expect(arrivals).toEqual(['while quiet']); // before the request counts as under way
    request.finish();
    await request.done;
    users.noteRequest();
    expect(arrivals).toEqual(['while quiet', 'while busy']);
    jest.advanceTimersByTime(1_000);
    expect(arrivals).toHaveLength(2); // nothing arrives with time alone
  });
});

import { keepDeckForOffline, mayKeepForOffline } from './keep-deck-offline';

// Two addresses that tell the files apart (under jest every `?url` import is one and the same).
jest.mock('./pdfjs-files', () => ({ PDFJS_FILES: { library: '/assets/pdf.min-Test1234.mjs', worker: '/assets/pdf.worker.min-Test5678.mjs' } }));

const DECK = '/api/v1/download?url=%2Fmedia%2Fslides%2Fstart.pdf';
const CONTROLLED = { onLine: true, serviceWorker: { controller: {} } };

let fetched: { url: string; init: RequestInit | undefined }[];
let answer: (url: string) => Promise<Response>;

beforeEach(() => {
  jest.useFakeTimers();
  fetched = [];
  answer = async () => new Response('bytes');
  globalThis.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    fetched.push({ url: String(input), init });
    return answer(String(input));
  }) as typeof fetch;
});

afterEach(() => jest.useRealTimers());

/** Runs the timers (the paint, the idle wait) and the fetches queued after them. */
async function runAll(done: Promise<void>) {
  await jest.runAllTimersAsync();
  await done;
}

describe('mayKeepForOffline', () => {
  it('fetches ahead only online, under a service worker, and not when the learner saves data', () => {
    expect(mayKeepForOffline(CONTROLLED)).toBe(true);
    expect(mayKeepForOffline({ ...CONTROLLED, connection: { saveData: false } })).toBe(true);
    expect(mayKeepForOffline({ ...CONTROLLED, onLine: false })).toBe(false);
    expect(mayKeepForOffline({ onLine: true, serviceWorker: { controller: null } })).toBe(false);
    expect(mayKeepForOffline({ onLine: true })).toBe(false);
    expect(mayKeepForOffline({ ...CONTROLLED, connection: { saveData: true } })).toBe(false);
  });
});

describe('keepDeckForOffline', () => {
  it('fetches the deck, then pdf.js and its worker, at low priority, once the page is idle', async () => {
    const done = keepDeckForOffline(DECK, new AbortController().signal, CONTROLLED);
    await Promise.resolve();
    expect(fetched).toEqual([]);

    await runAll(done);
    expect(fetched.map((call) => call.url)).toEqual([DECK, '/assets/pdf.min-Test1234.mjs', '/assets/pdf.worker.min-Test5678.mjs']);
    expect(fetched.every((call) => call.init?.priority === 'low')).toBe(true);
  });

  it('reads each file to its end (the worker keeps a file only once it has all of it)', async () => {
    const read: string[] = [];
    answer = async (url) => {
      let left = 3;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (left === 0) {
            read.push(url);
            controller.close();
            return;
          }
          left -= 1;
          controller.enqueue(new Uint8Array(1024));
        },
      });
      return new Response(body);
    };
    await runAll(keepDeckForOffline(DECK, new AbortController().signal, CONTROLLED));
    expect(read).toEqual([DECK, '/assets/pdf.min-Test1234.mjs', '/assets/pdf.worker.min-Test5678.mjs']);
  });

  it('fetches nothing offline, without a service worker, or when the learner saves data', async () => {
    for (const network of [{ ...CONTROLLED, onLine: false }, { onLine: true }, { ...CONTROLLED, connection: { saveData: true } }]) {
      await runAll(keepDeckForOffline(DECK, new AbortController().signal, network));
    }
    expect(fetched).toEqual([]);
  });

  it('stops when aborted: before the page is idle nothing is fetched, during a fetch the rest is not', async () => {
    const early = new AbortController();
    const waiting = keepDeckForOffline(DECK, early.signal, CONTROLLED);
    early.abort();
    await runAll(waiting);
    expect(fetched).toEqual([]);

    const late = new AbortController();
    answer = async () => {
      late.abort();
      throw new DOMException('Aborted', 'AbortError');
    };
    await runAll(keepDeckForOffline(DECK, late.signal, CONTROLLED));
    expect(fetched.map((call) => call.url)).toEqual([DECK]);
    expect(fetched[0]!.init?.signal).toBe(late.signal);
  });

  it('ends quietly when the network fails: only the offline copy is missed', async () => {
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(runAll(keepDeckForOffline(DECK, new AbortController().signal, CONTROLLED))).resolves.toBeUndefined();
    expect(fetched).toHaveLength(1);
  });
});

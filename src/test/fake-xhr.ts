/**
 * Uploads that report their progress go by XMLHttpRequest (src/core/upload.ts), which the fetch
 * stub of the component tests does not see: `vi.stubGlobal("XMLHttpRequest", FakeXhr)` and answer.
 */
/** The upload goes by XMLHttpRequest (fetch cannot report an upload's progress): a stand-in the test answers. */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  /** How the test answers each upload (set it in its `beforeEach`). */
  static answer: (xhr: FakeXhr) => void = () => {};
  method = "";
  url = "";
  headers: Record<string, string> = {};
  /** The request body: a FormData for a form, a Blob for a raw file (read it as the test sent it). */
  body: FormData | null = null;
  status = 0;
  statusText = "";
  responseText = "";
  withCredentials = false;
  upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  getResponseHeader(name: string) {
    return name.toLowerCase() === "content-type" ? "application/json" : null;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
    FakeXhr.answer(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true });
  }
  reply(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

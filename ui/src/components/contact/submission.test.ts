import { afterEach, describe, expect, it, vi } from "vitest";
import { applicationBody, idempotencyKeys, submitApplication } from "./submission";
import type { ContactCopy } from "./types";

const ERRORS: ContactCopy["error"] = {
  invalidFields: "invalidFields",
  unreadable: "unreadable",
  notJson: "notJson",
  tooLarge: "tooLarge",
  timeout: "timeout",
  forbidden: "forbidden",
  rateLimited: "rateLimited",
  unavailable: "unavailable",
  network: "network",
};

/** Makes `fetch` answer `status` with `body` and records what was sent. */
function answer(status: number, body: string) {
  const sent: RequestInit[] = [];
  vi.stubGlobal("fetch", (url: string, init: RequestInit) => {
    expect(url).toBe("/api/contact");
    sent.push(init);
    return Promise.resolve(new Response(body, { status, headers: { "Content-Type": "application/json" } }));
  });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("application submission", () => {
  it("sends trimmed answers with the context and consent", () => {
    const body = applicationBody(
      {
        company: " Acme ",
        country: "HK",
        businessType: "otc",
        website: " acme.hk ",
        contactPerson: " Li Wei ",
        areaCode: "HK",
        phone: " 9123 4567 ",
        email: " li@acme.hk ",
        consent: true,
      },
      { lang: "zh", request: "oasis-demo", sourcePage: "/zh/contact-us", fax: "" },
    );
    expect(body).toEqual({
      lang: "zh",
      company: "Acme",
      country: "HK",
      businessType: "otc",
      website: "acme.hk",
      contactPerson: "Li Wei",
      areaCode: "HK",
      phone: "9123 4567",
      email: "li@acme.hk",
      consent: true,
      request: "oasis-demo",
      sourcePage: "/zh/contact-us",
      fax: "",
    });
  });

  it("keeps the idempotency key while the body is unchanged and renews it on any change", () => {
    const keyFor = idempotencyKeys();
    const first = keyFor('{"a":1}');
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keyFor('{"a":1}')).toBe(first);
    const second = keyFor('{"a":2}');
    expect(second).not.toBe(first);
    expect(keyFor('{"a":1}')).not.toBe(first);
  });

  it("posts JSON with the key and reads the receipt of a stored application", async () => {
    const receipt = { id: "0190-abc", receivedAt: "2026-01-01T00:00:00Z", title: "t", detail: "d" };
    const sent = answer(201, JSON.stringify(receipt));
    expect(await submitApplication('{"x":1}', "key-1", ERRORS)).toEqual({ kind: "stored", receipt });
    expect(sent[0]?.method).toBe("POST");
    expect(sent[0]?.body).toBe('{"x":1}');
    expect(sent[0]?.headers).toEqual({ "Content-Type": "application/json", "Idempotency-Key": "key-1" });
  });

  it("reads field messages of a 422 for the fields the form has", async () => {
    answer(
      422,
      JSON.stringify({ error: { code: "invalid_fields", message: "m", fields: { phone: "p", lang: "l" } } }),
    );
    expect(await submitApplication("{}", "k", ERRORS)).toEqual({ kind: "invalid", fields: { phone: "p" } });
    answer(
      422,
      JSON.stringify({ error: { code: "invalid_fields", message: "bad lang", fields: { lang: "l" } } }),
    );
    expect(await submitApplication("{}", "k", ERRORS)).toEqual({ kind: "failed", message: "bad lang" });
  });

  it("shows the server's message of a refusal, or its own when the answer has none", async () => {
    answer(429, JSON.stringify({ error: { code: "rate_limited", message: "slow down" } }));
    expect(await submitApplication("{}", "k", ERRORS)).toEqual({ kind: "failed", message: "slow down" });
    answer(413, "<html>too large</html>");
    expect(await submitApplication("{}", "k", ERRORS)).toEqual({ kind: "failed", message: "tooLarge" });
    answer(408, "");
    expect(await submitApplication("{}", "k", ERRORS)).toEqual({ kind: "failed", message: "timeout" });
    answer(502, "");
    expect(await submitApplication("{}", "k", ERRORS)).toEqual({ kind: "failed", message: "unavailable" });
  });

  it("says the server could not be reached when fetch fails", async () => {
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    expect(await submitApplication("{}", "k", ERRORS)).toEqual({ kind: "failed", message: "network" });
  });
});

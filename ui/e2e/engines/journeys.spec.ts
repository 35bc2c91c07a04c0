import { expect, test } from "./fixtures";
import { JOURNEYS } from "./journeys";
import { DESKTOP, LANGS } from "./steps";

for (const journey of JOURNEYS) {
  for (const lang of LANGS) {
    test(`${journey.title} (${lang})`, async ({ open, baseURL }) => {
      const session = await open({ viewport: journey.viewport ?? DESKTOP, scripts: journey.scripts ?? true });
      await journey.run({ session, lang, origin: baseURL ?? "" });
      expect(await session.takeErrors(), "script errors").toEqual([]);
    });
  }
}

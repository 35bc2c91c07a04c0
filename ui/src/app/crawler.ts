/** Search-engine and link-preview crawlers, matched in the user agent (case-insensitive). */
const CRAWLERS = [
  "googlebot",
  "adsbot-google",
  "google-inspectiontool",
  "storebot-google",
  "bingbot",
  "bingpreview",
  "baiduspider",
  "yandexbot",
  "yandeximages",
  "duckduckbot",
  "sogou",
  "360spider",
  "bytespider",
  "yisouspider",
  "petalbot",
  "applebot",
  "slurp",
  "facebookexternalhit",
  "facebot",
  "twitterbot",
  "linkedinbot",
  "slackbot",
  "discordbot",
  "telegrambot",
  "whatsapp",
];

const CRAWLER_PATTERN = new RegExp(CRAWLERS.join("|"), "i");

/** Whether `userAgent` is a crawler's: crawlers keep the last rendered content instead of an error page. */
export function isCrawler(userAgent: string): boolean {
  return CRAWLER_PATTERN.test(userAgent);
}

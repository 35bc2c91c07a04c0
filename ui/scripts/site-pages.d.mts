/** Every page path of the running build in both languages; `getText` answers the body of a GET of
 * the site's `path`. */
export function sitePagePaths(getText: (path: string) => Promise<string>): Promise<string[]>;

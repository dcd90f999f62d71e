/**
 * The path of `url` under the API root, without a trailing slash: `/api/chats/7` whether the API is served
 * at the page's origin or under a prefix of another host (spec 7).
 */
export function apiPathOf(url: string, apiRoot: string): string {
  const { pathname } = new URL(url);
  const rootPath = new URL(apiRoot).pathname.replace(/\/+$/, '');
  const path = rootPath && pathname.startsWith(`${rootPath}/`) ? pathname.slice(rootPath.length) : pathname;
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/**
 * Loads `key` once per `memo` while it succeeds: callers asking again get the same promise. A failure
 * is forgotten as soon as it happens, so that a retry asks again (a remembered rejection would make
 * every retry in the same request fail).
 */
export function rememberAnswers<T>(memo: Map<string, Promise<unknown>>, key: string, load: () => Promise<T>): Promise<T> {
  const known = memo.get(key);
  if (known) return known as Promise<T>;
  const loading = load();
  memo.set(key, loading);
  loading.catch(() => {
    if (memo.get(key) === loading) memo.delete(key);
  });
  return loading;
}

// Runs at most `n` of the tasks given to it at the same time; the rest start in order as places free up.

export type Limiter = <T>(task: () => Promise<T>) => Promise<T>;

export function limiter(n: number): Limiter {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`a limiter needs at least one place, got ${n}`);
  let active = 0;
  const waiting: Array<() => void> = [];
  return async (task) => {
    if (active >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

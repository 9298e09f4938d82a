/**
 * Loads a library that brings its own polyfills without letting them replace the process's
 * built-ins. pdf.js's legacy build bundles core-js, which swaps Node 20's native `JSON.parse`,
 * `JSON.stringify` and `Array.prototype.push` for JavaScript ones (for `JSON.rawJSON` and edge
 * cases): after the first CV was read, every request of the process spent about a fifth of its
 * CPU in them. What the polyfills add (`Promise.withResolvers`, the new `Set` methods, …) stays:
 * the library needs it.
 */

const GUARDED: object[] = [
  globalThis,
  JSON,
  Math,
  Reflect,
  Object,
  Function.prototype,
  Array,
  Array.prototype,
  String,
  String.prototype,
  Number,
  Number.prototype,
  Promise,
  Promise.prototype,
  Map.prototype,
  Set.prototype,
  WeakMap.prototype,
  RegExp.prototype,
  Date.prototype,
  ArrayBuffer.prototype,
  Object.getPrototypeOf(Uint8Array) as object,
  Object.getPrototypeOf(Uint8Array.prototype) as object,
  Uint8Array.prototype,
];

/** Runs `load`, then puts back every built-in function it replaced (additions are kept). */
export async function keepingBuiltins<T>(load: () => Promise<T>): Promise<T> {
  const before = GUARDED.map((target) => {
    const functions = new Map<PropertyKey, { value: unknown; descriptor: PropertyDescriptor }>();
    for (const key of Reflect.ownKeys(target)) {
      const descriptor = Object.getOwnPropertyDescriptor(target, key);
      // reading the value also settles Node's lazily defined globals before the library runs
      let value: unknown;
      try {
        value = Reflect.get(target, key);
      } catch {
        continue;
      }
      if (descriptor && typeof value === "function") functions.set(key, { value, descriptor });
    }
    return { target, functions };
  });
  try {
    return await load();
  } finally {
    for (const { target, functions } of before) {
      for (const [key, { value, descriptor }] of functions) {
        if (!Object.is(Reflect.get(target, key), value)) Object.defineProperty(target, key, descriptor);
      }
    }
  }
}

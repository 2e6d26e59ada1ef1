import { afterAll } from 'vitest';

/**
 * Server test files share their worker's modules (`isolate: false` in vitest.config.ts), and with them the
 * built-in prototypes. A module that adds to one leaks into every file after it: drizzle-kit's API (the
 * migration snapshot test) adds an enumerable `Array.prototype.random`, and a library that walks an array with
 * `for…in` (the language detector, eld) then reads it as one more word. What a file added is taken away after it.
 */
const builtIns = [Object, Array, String, Number, Boolean, Function, Promise, Map, Set, RegExp, Date];
const before = new Map(builtIns.map((type) => [type, new Set(Reflect.ownKeys(type.prototype))]));

afterAll(() => {
  for (const type of builtIns) {
    const known = before.get(type)!;
    for (const key of Reflect.ownKeys(type.prototype)) {
      if (!known.has(key)) Reflect.deleteProperty(type.prototype, key);
    }
  }
});

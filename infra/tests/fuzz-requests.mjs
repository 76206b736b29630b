// The requests of the HTTP fuzz (fuzz.test.mjs), derived from the OpenAPI document the campus serves and a
// seeded PRNG: the same seed, document and sample ids always give the same requests, so a failure found
// once can be replayed with FUZZ_SEED.

/** mulberry32: a tiny, fast 32-bit PRNG; good enough to spread inputs, and reproducible from one number. */
export function mulberry32(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomTools(seed) {
  const next = mulberry32(seed);
  const int = (n) => Math.floor(next() * n);
  const pick = (items) => items[int(items.length)];
  const chance = (p) => next() < p;
  const hex = (length) => Array.from({ length }, () => '0123456789abcdef'[int(16)]).join('');
  const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[int(4)]}${hex(3)}-${hex(12)}`;
  const ascii = (length) => Array.from({ length }, () => String.fromCharCode(33 + int(94))).join('');
  const unicode = (length) =>
    Array.from({ length }, () => pick(['あ', 'ア', '漢', 'ｱ', 'é', 'ß', 'Ω', '😀', '\u200b', '\u202e', '\ufeff', 'ﬁ', 'İ'])).join('');
  return { next, int, pick, chance, hex, uuid, ascii, unicode };
}

/** Path segments as they travel on the wire (already percent-encoded, some deliberately malformed). */
const NASTY_SEGMENTS = [
  '%00', 'a%00b', '%00%00', '%ED%A0%80', '%ED%B0%80', 'x%ED%A0%80y', '%', '%zz', '%E3%81', '%C0%AF', '%FF%FE',
  '..', '..%2F..%2Fetc%2Fpasswd', '%2e%2e%2f%2e%2e%2f', '....%2F%2F', '%2F', '%5C..%5C', '%20', '%0D%0ASet-Cookie:%20x=1',
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E', "'%20or%201=1--", '__proto__', 'constructor', 'prototype', 'null', 'undefined',
  'NaN', '-1', '0', '1e309', '99999999999999999999999', '%F0%9F%98%80', '%E3%83%86%E3%82%B9%E3%83%88', '%EF%BB%BF',
  '%E2%80%AE', '%25', '%2500', 'a;b', 'a,b', '*', '~', '$%7Bjndi:ldap:%2F%2Fx%7D', '%7B%7B7*7%7D%7D',
];

/** Query and body string values: the same spirit, as decoded strings. */
const NASTY_STRINGS = [
  '\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '\ud83d', '', ' ', '\r\n', '../../etc/passwd', '//evil.example', '/\\evil.example',
  'javascript:alert(1)', 'http://169.254.169.254/latest/meta-data/', 'file:///etc/passwd', '<script>alert(1)</script>',
  "' or 1=1--", '__proto__', 'constructor', 'null', 'true', '-1', '0', '1e309', 'NaN', 'Infinity', '9007199254740993',
  '2026-02-30', '9999-99-99', '%', '%00', '%ED%A0%80', '${jndi:ldap://x}', '{{7*7}}', 'テスト', '😀'.repeat(10), '\u202e',
];

const NASTY_NUMBERS = [-1, 0, 1.5, -0.5, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, Number.MAX_SAFE_INTEGER, 5e-324];

/** Raw request bodies that are not JSON values at all (or are, but of the wrong kind). */
function rawBodies(random) {
  return [
    '', '{', '}', '{"a":', 'null', '[]', '"text"', '1', 'true', 'NaN', '1e999', '{"a":1e999}', '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"x":1}}}', '\u0000', '{"a":"\u0000"}', '{"a":"\\u0000"}', '{"a":"\\ud800"}', '{"a":"\\udc00\\ud800"}',
    '[' .repeat(5000) + ']'.repeat(5000), '{"a":'.repeat(3000) + '1' + '}'.repeat(3000), `[${Array.from({ length: 20_000 }, (_, i) => i).join(',')}]`,
    `{"a":"${'x'.repeat(200_000)}"}`, `"${random.ascii(64)}"`, '\ufeff{}', '{"a":1,"a":2}', '{"a":1}garbage',
  ];
}

const CONTENT_TYPES = [
  'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16',
  'application/json; charset=latin1', 'application/jsonx', 'application/json-patch+json', 'application/xml', 'application/*', '',
];

const OTHER_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

function resolveRef(document, schema) {
  let resolved = schema;
  for (let depth = 0; resolved?.$ref && depth < 10; depth += 1) {
    resolved = document.components.schemas[resolved.$ref.replace('#/components/schemas/', '')];
  }
  return resolved ?? {};
}

/** Strings the contract patterns accept, keyed by a property name or format hint. */
function plausibleString(random, schema, name, samples) {
  if (schema.enum) return random.pick(schema.enum.filter((value) => value !== null));
  if (schema.format === 'date-time') return new Date(Date.UTC(2026, random.int(12), 1 + random.int(28), random.int(24))).toISOString();
  if (schema.format === 'uri') return `http://localhost/${random.pick(['courses', 'learning', 'exams'])}/${random.hex(6)}`;
  const pattern = schema.pattern ?? '';
  if (pattern.includes('\\d{4}-\\d{2}-\\d{2}')) return `2026-0${1 + random.int(9)}-1${random.int(10)}`;
  if (pattern.includes('[0-9a-f]{8}')) return random.uuid();
  if (pattern.includes('\\u30A0')) return random.pick(['ヤマダ', 'タロウ', 'サクラ']);
  if (pattern.startsWith('^\\/') || pattern.startsWith('^(\\/')) return random.pick(['/', '/mypage/profile', `/learning/${random.pick(samples.courseSlug)}`]);
  if (pattern.startsWith('^[a-z0-9') || pattern.startsWith('^[A-Za-z')) return random.pick(['click', 'signup', 'video.play', 'course:open']);
  if (/email/i.test(name)) return `fuzz${random.int(1000)}@example.com`;
  if (/slug/i.test(name)) return random.pick(samples.courseSlug);
  if (/redirect|path|url/i.test(name)) return random.pick(['/', '/mypage/profile', '/certification']);
  if (/name/i.test(name)) return random.pick(['山田 太郎', 'Taro Yamada', '新規']);
  const length = Math.max(schema.minLength ?? 1, Math.min(schema.maxLength ?? 12, 1 + random.int(12)));
  return random.unicode(length);
}

/** A value the schema accepts (as far as these heuristics go): most reach the handler, not just validation. */
function validValue(random, document, rawSchema, name, samples, depth = 0) {
  const schema = resolveRef(document, rawSchema);
  if (schema.anyOf) return validValue(random, document, random.pick(schema.anyOf), name, samples, depth);
  if (schema.enum) return random.pick(schema.enum);
  switch (schema.type) {
    case 'object': {
      const object = {};
      const required = new Set(schema.required ?? []);
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (required.has(key) || random.chance(0.6)) object[key] = validValue(random, document, property, key, samples, depth + 1);
      }
      if (schema.additionalProperties && typeof schema.additionalProperties === 'object' && depth < 3) {
        const keyPool = name === 'answers' ? samples.questionId : ['utm_source', 'label', 'value'];
        for (let count = random.int(3); count > 0; count -= 1) {
          object[random.pick(keyPool)] = validValue(random, document, schema.additionalProperties, 'value', samples, depth + 1);
        }
      }
      return object;
    }
    case 'array': {
      const length = Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 1 + random.int(3)));
      if (name === 'choiceIds' || /choice/i.test(name)) return Array.from({ length: Math.min(length, 2) }, () => random.pick(samples.choiceId));
      return Array.from({ length }, () => validValue(random, document, schema.items ?? {}, name, samples, depth + 1));
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? 0;
      const max = Math.min(schema.maximum ?? min + 100, min + 100);
      return min + random.int(max - min + 1);
    }
    case 'boolean':
      return random.chance(0.5);
    case 'string': {
      const text = plausibleString(random, schema, name, samples);
      // A valid-looking value with one bad character in it travels furthest: past the validation, into SQL.
      if (!random.chance(0.08)) return text;
      const at = text.includes('«') ? text.length : random.int(text.length + 1); // never inside a «placeholder»
      return `${text.slice(0, at)}${random.pick(['\u0000', '\ud800', '\udfff', '\ufffe'])}${text.slice(at)}`;
    }
    default:
      return random.pick(['x', 1, true, null]);
  }
}

/** A wrong value of any kind: other type, nasty string, out-of-range number, deep or huge structure. */
function wrongValue(random) {
  switch (random.int(9)) {
    case 0: return random.pick(NASTY_STRINGS);
    case 1: return random.pick(NASTY_NUMBERS);
    case 2: return null;
    case 3: return random.chance(0.5);
    case 4: return {};
    case 5: return Array.from({ length: random.pick([0, 1, 1000, 20_000]) }, () => random.pick(['a', 1, null]));
    case 6: {
      /** @type {unknown} */
      let nested = 'bottom';
      for (let depth = random.pick([50, 500, 2000]); depth > 0; depth -= 1) nested = random.chance(0.5) ? [nested] : { a: nested };
      return nested;
    }
    case 7: return 'x'.repeat(random.pick([101, 2049, 100_000]));
    default: return random.unicode(1 + random.int(30));
  }
}

/** Changes one spot of a valid body: a field's type or value, a missing required field, an extra one. */
function mutate(random, value, depth = 0) {
  if (value === null || typeof value !== 'object' || depth > 4) return wrongValue(random);
  const copy = Array.isArray(value) ? [...value] : { ...value };
  const keys = Object.keys(copy);
  const action = random.int(5);
  if (keys.length === 0 || action === 0) {
    // defineProperty: a plain assignment to "__proto__" would change the prototype instead of adding a key.
    const key = random.pick(['extra', '__proto__', 'constructor', 'isAdmin', '\u0000', '\ud800']);
    Object.defineProperty(copy, key, { value: wrongValue(random), enumerable: true, writable: true, configurable: true });
  } else if (action === 1 && !Array.isArray(copy)) {
    delete copy[random.pick(keys)];
  } else {
    const key = random.pick(keys);
    copy[key] = random.chance(0.3) ? mutate(random, copy[key], depth + 1) : wrongValue(random);
  }
  return copy;
}

/** Wire form of one path parameter. */
function pathValue(random, name, samples) {
  const pool = samples[name] ?? samples.courseSlug;
  switch (random.int(10)) {
    case 0: case 1: case 2: case 3: return encodeComponent(random.pick(pool));
    case 4: return `${encodeComponent(random.pick(pool))}${random.pick(['%00', '%ED%A0%80', '%', '..', '%2F..', '.json', '%20'])}`;
    case 5: return random.uuid();
    case 6: return encodeComponent(random.chance(0.5) ? random.ascii(1 + random.int(40)) : random.unicode(1 + random.int(20)));
    case 7: return 'a'.repeat(random.chance(0.9) ? random.pick([101, 2049, 3000]) : 17_000);
    default: return random.pick(NASTY_SEGMENTS);
  }
}

/** encodeURIComponent that sends a lone surrogate as its 3 bytes (%ED%A0%80) instead of throwing. */
export function encodeComponent(text) {
  let encoded = '';
  for (const character of text) {
    const code = character.codePointAt(0);
    encoded += code >= 0xd800 && code <= 0xdfff
      ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('')
      : encodeURIComponent(character);
  }
  return encoded;
}

const encodeQueryValue = (value) => encodeComponent(typeof value === 'string' ? value : JSON.stringify(value));

function queryString(random, document, parameters, samples) {
  const pairs = [];
  for (const parameter of parameters) {
    const roll = random.int(10);
    if (roll === 0 || (!parameter.required && roll < 3)) continue; // missing
    const value = roll < 7 ? validValue(random, document, parameter.schema, parameter.name, samples) : wrongValue(random);
    const values = Array.isArray(value) ? value : [value];
    for (const item of values.slice(0, 3)) pairs.push(`${encodeComponent(parameter.name)}=${encodeQueryValue(item)}`);
    if (random.chance(0.05)) pairs.push(`${encodeComponent(parameter.name)}=${random.pick(NASTY_SEGMENTS)}`); // duplicated, raw
  }
  if (random.chance(0.15)) {
    pairs.push(random.pick([`${random.ascii(6).replace(/[&=#%+]/g, 'x')}=1`, '__proto__[x]=1', 'a[b][c]=1', `%00=${random.pick(NASTY_SEGMENTS)}`, `x=${'y'.repeat(5000)}`, '&&', '=', '%']));
  }
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** A new request for one documented operation. */
function requestFor(random, document, operation, identity, samples, origin) {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name) => pathValue(random, name, samples));
  let method = operation.method;
  if (random.chance(0.04)) method = random.pick(OTHER_METHODS.filter((other) => other !== operation.method));
  const headers = { accept: random.chance(0.9) ? 'application/json' : random.pick(['*/*', 'text/html', '']) };
  let body;
  const writes = !['GET', 'OPTIONS'].includes(method);
  if (writes) {
    headers['x-requested-with'] = 'XMLHttpRequest';
    headers.origin = origin;
    const roll = random.int(100);
    if (roll < 3) delete headers['x-requested-with'];
    else if (roll < 6) headers.origin = random.pick(['https://evil.example', 'null', `${origin}.evil.example`, 'http://localhost']);
    const schema = operation.requestBody?.content?.['application/json']?.schema;
    const bodyRoll = random.int(100);
    if (bodyRoll < 15) body = random.pick(rawBodies(random));
    else if (schema && bodyRoll < 50) body = JSON.stringify(validValue(random, document, schema, 'body', samples));
    else if (schema) body = JSON.stringify(mutate(random, validValue(random, document, schema, 'body', samples)));
    else if (bodyRoll < 70) body = JSON.stringify(wrongValue(random));
    if (body !== undefined) headers['content-type'] = random.chance(0.9) ? 'application/json' : random.pick(CONTENT_TYPES);
  }
  if (identity === 'learner' && random.chance(0.02)) headers.cookie = random.pick(['campus_session=', `campus_session=${random.hex(64)}`, `campus_session=${'%00'.repeat(3)}`]);
  else if (random.chance(0.005)) headers.cookie = `campus_session=${'x'.repeat(20_000)}`;
  if (headers.accept === '') delete headers.accept;
  if (headers['content-type'] === '') delete headers['content-type'];
  const query = queryString(random, document, (operation.parameters ?? []).filter((parameter) => parameter.in === 'query'), samples);
  return { identity, operation: `${operation.method} ${operation.path}`, method, path: `${path}${query}`, headers, body };
}

/** Every operation of the document: `{ method, path, parameters, requestBody }`. */
export function operationsOf(document) {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, ...operation })),
  );
}

/**
 * `perOperation` requests for every (operation, identity) pair, interleaved in a seeded order.
 * `samples` maps a path parameter name to real values (courseSlug, examSessionId, …) and has choiceId.
 */
export function generateRequests({ seed, document, extraOperations = [], identities, perOperation, samples, origin }) {
  const random = randomTools(seed);
  const requests = [];
  for (const operation of [...operationsOf(document), ...extraOperations]) {
    for (const identity of identities) {
      for (let count = 0; count < perOperation; count += 1) requests.push(requestFor(random, document, operation, identity, samples, origin));
    }
  }
  // Fisher–Yates with the same PRNG: neighbours in time hit different routes.
  for (let index = requests.length - 1; index > 0; index -= 1) {
    const other = random.int(index + 1);
    [requests[index], requests[other]] = [requests[other], requests[index]];
  }
  return requests;
}

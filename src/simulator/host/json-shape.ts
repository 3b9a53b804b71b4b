/**
 * A JSON text's shape, checked on its bytes before it is parsed: how deep it
 * nests, how many members an object has, how many items an array.
 *
 * Why before: the cost of a call grows with its payload's members, not its
 * bytes. A 650 KB body of 60,000 members (well under the 1 MB cap) took
 * 30 ms to parse and 220 ms more in the simulator (an object's members are
 * copied and checked one by one), and 1 MB of nested brackets 400 ms to
 * parse: at one address's call rate, the server's whole time. No call of the
 * contract takes more than a dozen members or nests more than three deep;
 * the largest list is LIST_MAX ids. The scan is one pass over the bytes.
 */

export interface JsonShapeLimits {
  /** Objects and arrays nested at most this deep. */
  jsonDepth: number;
  /** Members of one object at most (and parameters of one query). */
  jsonMembers: number;
  /** Items of one array at most. */
  jsonItems: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;

/**
 * Does a JSON text stay within the limits? Only the shape is looked at (a
 * text that is not JSON may pass; JSON.parse refuses it next). Commas count
 * members and items: a container with n commas holds n + 1.
 */
export function jsonWithin(bytes: Uint8Array, limits: JsonShapeLimits): boolean {
  // Per open container: is it an object, and its commas so far.
  const objects: boolean[] = [];
  const commas: number[] = [];
  let inString = false;
  let escaped = false;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (c === BACKSLASH) escaped = true;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (objects.length >= limits.jsonDepth) return false;
      objects.push(c === OPEN_OBJECT);
      commas.push(0);
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      objects.pop();
      commas.pop();
    } else if (c === COMMA && commas.length > 0) {
      const top = commas.length - 1;
      const n = (commas[top] as number) + 1;
      commas[top] = n;
      if (n + 1 > (objects[top] ? limits.jsonMembers : limits.jsonItems)) return false;
    }
  }
  return true;
}

/** Does a query string stay within the members limit (its `&`-separated parameters)? */
export function queryWithin(query: string, limits: JsonShapeLimits): boolean {
  let n = 1;
  for (let i = query.indexOf('&'); i !== -1; i = query.indexOf('&', i + 1))
    if (++n > limits.jsonMembers) return false;
  return true;
}

// Keeps the declared wire types (types/values.d.ts, types/methods.d.ts, re-exported by
// index.d.ts) and the client in step with protocol/feedvm.openrpc.json: every schema with
// properties has an interface of the same name, member for member (name, optionality, type);
// every method has its entry in FeedMethodMap / ClientNotificationMap / NotificationMap with
// the documented params and result; every request and client notification has a method on
// FeedVMClient (named as on the wire, but `cancel` for `$/cancelRequest` and `discover` for
// `rpc.discover`).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { FeedVMClient } from '../index.js';

const here = dirname(fileURLToPath(import.meta.url));
const openrpc = JSON.parse(readFileSync(join(here, '..', '..', '..', 'protocol', 'feedvm.openrpc.json'), 'utf8'));
const declarations = parseDeclarations(['values.d.ts', 'methods.d.ts'].map((file) => readFileSync(join(here, '..', 'types', file), 'utf8')).join('\n'));
const schemas = openrpc.components.schemas;

/**
 * `export interface Name {...}` and `export type Name = ...;` of a .d.ts, members normalized.
 * @param {string} text
 */
function parseDeclarations(text) {
  // Block comments first: a URL inside one (`http://`) is not a line comment.
  const source = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  /** @type {Map<string, Map<string, {optional: boolean, type: string}>>} */
  const interfaces = new Map();
  /** @type {Map<string, string>} */
  const aliases = new Map();
  for (const match of source.matchAll(/export interface (\w+)(?: extends [\w, ]+)? \{/g)) {
    const body = balanced(source, /** @type {number} */ (match.index) + match[0].length - 1);
    /** @type {Map<string, {optional: boolean, type: string}>} */
    const members = new Map();
    for (const member of splitTopLevel(body, ';')) {
      const found = /^\s*('?[$/.\w]+'?)(\??):\s*([\s\S]+)$/.exec(member);
      if (found) members.set(found[1].replace(/'/g, ''), { optional: found[2] === '?', type: normalize(found[3]) });
    }
    interfaces.set(match[1], members);
  }
  for (const match of source.matchAll(/export type (\w+) =([^;]+);/g)) aliases.set(match[1], normalize(match[2]));
  return { interfaces, aliases };
}

/** @param {string} text @param {number} open the index of a `{` */
function balanced(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === '{') depth += 1;
    if (text[i] === '}' && --depth === 0) return text.slice(open + 1, i);
  }
  throw new Error('unbalanced braces in the declarations');
}

/** @param {string} text @param {string} separator */
function splitTopLevel(text, separator) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    if ('{<(['.includes(text[i])) depth += 1;
    if ('}>)]'.includes(text[i])) depth -= 1;
    if (text[i] === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.filter((part) => part.trim() !== '');
}

/** @param {string} type */
function normalize(type) {
  return type.replace(/\s+/g, ' ').replace(/;\s*\}/g, ' }').replace(/"/g, "'").trim()
    .replace(/\{ \[\w+: string\]: ([^{}]+?) \}/g, 'Record<string, $1>'); // an index signature is a Record
}

/**
 * The TypeScript type the declarations must spell for a JSON schema (canonical form).
 * @param {any} schema
 * @returns {string}
 */
function tsType(schema) {
  if (schema.$ref) return schema.$ref.split('/').pop();
  if ('const' in schema) return JSON.stringify(schema.const).replace(/"/g, "'");
  if (schema.enum) return schema.enum.map((/** @type {unknown} */ value) => JSON.stringify(value).replace(/"/g, "'")).join(' | ');
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives) return alternatives.map(tsType).join(' | ');
  if (Array.isArray(schema.type)) return schema.type.map((/** @type {string} */ type) => tsType({ type })).join(' | ');
  switch (schema.type) {
    case 'string': return 'string';
    case 'integer': case 'number': return 'number';
    case 'boolean': return 'boolean';
    case 'null': return 'null';
    case 'array': {
      const item = schema.items ? tsType(schema.items) : 'unknown';
      return item.includes(' | ') ? `(${item})[]` : `${item}[]`;
    }
    case 'object':
      if (schema.properties) {
        const required = new Set(schema.required ?? []);
        const members = Object.entries(schema.properties).map(([name, value]) => `${name}${required.has(name) ? '' : '?'}: ${tsType(value)}`);
        return `{ ${members.join('; ')} }`;
      }
      if (schema.additionalProperties) return `Record<string, ${tsType(schema.additionalProperties)}>`;
      if (schema.maxProperties === 0) return 'Empty';
      return 'Record<string, unknown>';
    default: return 'unknown';
  }
}

/**
 * Asserts that interface `name` has exactly `properties` (required ones without `?`).
 * @param {string} name
 * @param {Record<string, any>} properties
 * @param {string[]} required
 */
function assertInterface(name, properties, required) {
  const members = declarations.interfaces.get(name);
  assert.ok(members, `the declarations lack interface ${name}`);
  const expected = Object.entries(properties).map(([member, schema]) => [member, { optional: !required.includes(member), type: tsType(schema) }]);
  assert.deepEqual([...members.entries()].sort(), expected.sort(), `interface ${name}`);
}

test('every schema with properties is an interface of the same name, member for member', () => {
  const checked = [];
  for (const [name, schema] of Object.entries(schemas)) {
    if (!schema.properties) continue;
    assertInterface(name, schema.properties, schema.required ?? []);
    checked.push(name);
  }
  assert.ok(checked.length >= 25, `only ${checked.length} schemas checked`);
});

test('every other named schema is a type alias of the same meaning', () => {
  for (const [name, schema] of Object.entries(schemas)) {
    if (schema.properties || schema.allOf) continue;
    const expected = name === 'Empty' ? 'Record<string, never>' : tsType(schema);
    assert.equal(declarations.aliases.get(name), expected, `type ${name}`);
  }
});

/** The params of a method as a schema `properties` map and its required names. */
function paramsOf(/** @type {any} */ method) {
  /** @type {Record<string, any>} */
  const properties = {};
  for (const param of method.params) properties[param.name] = param.schema;
  return { properties, required: method.params.filter((/** @type {any} */ p) => p.required).map((/** @type {any} */ p) => p.name) };
}

/**
 * The type named by `mapName[entry]` (or its `params`/`result` member when `part` is given).
 * @param {string} mapName @param {string} entry @param {'params' | 'result'} [part]
 */
function mapEntry(mapName, entry, part) {
  const member = declarations.interfaces.get(mapName)?.get(entry);
  assert.ok(member, `${mapName} lacks ${entry}`);
  if (!part) return member.type;
  const found = new RegExp(`${part}: (\\w+)`).exec(member.type);
  assert.ok(found, `${mapName}.${entry} has no ${part}`);
  return found[1];
}

test('every method is in its map with the documented params and result', () => {
  const requests = openrpc.methods.filter((/** @type {any} */ m) => !m['x-notification']);
  const clientNotes = openrpc.methods.filter((/** @type {any} */ m) => m['x-notification'] && m['x-direction'] !== 'serverToClient');
  const serverNotes = openrpc.methods.filter((/** @type {any} */ m) => m['x-direction'] === 'serverToClient');
  /** @param {string} typeName @param {any} method */
  const assertParams = (typeName, method) => {
    const { properties, required } = paramsOf(method);
    if (method.params.length === 0) assert.equal(typeName, 'Empty', `${method.name} takes no params`);
    else assertInterface(typeName, properties, required);
  };
  for (const method of requests) {
    assertParams(mapEntry('FeedMethodMap', method.name, 'params'), method);
    assert.equal(mapEntry('FeedMethodMap', method.name, 'result'), tsType(method.result.schema), `${method.name} result`);
  }
  for (const method of clientNotes) assertParams(mapEntry('ClientNotificationMap', method.name), method);
  for (const method of serverNotes) assertParams(mapEntry('NotificationMap', method.name), method);
  assert.deepEqual([...(declarations.interfaces.get('FeedMethodMap')?.keys() ?? [])].sort(), requests.map((/** @type {any} */ m) => m.name).sort());
  assert.deepEqual([...(declarations.interfaces.get('NotificationMap')?.keys() ?? [])].sort(), serverNotes.map((/** @type {any} */ m) => m.name).sort());
  assert.deepEqual([...(declarations.interfaces.get('ClientNotificationMap')?.keys() ?? [])].sort(), clientNotes.map((/** @type {any} */ m) => m.name).sort());
});

/** @type {Record<string, string>} the client methods not named as on the wire */
const CLIENT_METHOD_NAMES = { '$/cancelRequest': 'cancel', 'rpc.discover': 'discover' };

test('FeedVMClient has a method for every request and client notification', () => {
  const clientSide = openrpc.methods.filter((/** @type {any} */ m) => m['x-direction'] !== 'serverToClient');
  for (const method of clientSide) {
    const name = CLIENT_METHOD_NAMES[method.name] ?? method.name;
    assert.equal(typeof (/** @type {any} */ (FeedVMClient.prototype))[name], 'function', `FeedVMClient.${name} for ${method.name}`);
  }
});

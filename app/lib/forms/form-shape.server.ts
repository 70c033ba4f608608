import { formatPaths, getPaths, INTENT } from '@conform-to/dom';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';

type Shape = z.core.JSONSchema.JSONSchema;

/** A list's `maxItems` (zod's `.max()`) bounds the rows its fields may name: a list without one takes none. */
const shapes = new WeakMap<$ZodType, Shape>();

function shapeOf(schema: $ZodType): Shape {
  let shape = shapes.get(schema);
  if (!shape) {
    shape = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
    shapes.set(schema, shape);
  }
  return shape;
}

const isShape = (value: unknown): value is Shape => typeof value === 'object' && value !== null && !Array.isArray(value);
const isRecord = (value: unknown): value is Record<string, unknown> => isShape(value);
const branchesOf = (shape: Shape): Shape[] => [...(shape.anyOf ?? []), ...(shape.oneOf ?? []), ...(shape.allOf ?? [])];
const isRow = (segment: unknown, shape: Shape) => Number.isInteger(segment) && (segment as number) >= 0 && (segment as number) < (shape.maxItems ?? 0);

function childOf(shape: Shape, segment: unknown): Shape | undefined {
  const found = branchesOf(shape)
    .map((branch) => childOf(branch, segment))
    .filter(isShape);
  if (typeof segment === 'number') {
    if (isRow(segment, shape) && isShape(shape.items)) found.push(shape.items);
  } else if (typeof segment === 'string' && segment !== '') {
    const child = shape.properties && Object.hasOwn(shape.properties, segment) ? shape.properties[segment] : shape.additionalProperties;
    if (isShape(child)) found.push(child);
  }
  return found.length > 1 ? { anyOf: found } : found[0];
}

function placeAt(shape: Shape, path: (string | number)[]): Shape | undefined {
  let place: Shape | undefined = shape;
  for (const segment of path) place = place && childOf(place, segment);
  return place;
}

function holdsValue(shape: Shape): boolean {
  const branches = branchesOf(shape);
  if (branches.length) return branches.some(holdsValue);
  const types = [shape.type].flat();
  return !shape.properties && !shape.items && !types.includes('object') && !types.includes('array');
}

/** A name repeated for a list of plain values (a `multiple` file input, ticked boxes), within its limit. */
function holdsValues(shape: Shape, count: number): boolean {
  return isShape(shape.items) && holdsValue(shape.items) && count <= (shape.maxItems ?? 0);
}

function valueFits(shape: Shape, value: unknown): boolean {
  if (value === undefined || value === null) return true;
  const fits = (key: unknown, item: unknown) => {
    const child = childOf(shape, key);
    return child !== undefined && valueFits(child, item);
  };
  if (Array.isArray(value)) return value.every((item, index) => fits(index, item));
  if (isRecord(value)) return Object.entries(value).every(([key, item]) => fits(key, item));
  return holdsValue(shape);
}

function pathOf(name: string): (string | number)[] | undefined {
  try {
    return getPaths(name);
  } catch {
    return undefined;
  }
}

/** Conform's intents name places and rows too; an insert must leave the list within its limit. */
function intentFits(raw: FormDataEntryValue, shape: Shape, rows: Map<string, number>): boolean {
  if (typeof raw !== 'string') return false;
  let intent: unknown;
  try {
    intent = JSON.parse(raw);
  } catch {
    return false;
  }
  if (!isRecord(intent) || !isRecord(intent.payload)) return false;
  const { name = '', index, value, defaultValue, from, to } = intent.payload;
  const path = typeof name === 'string' ? pathOf(name) : undefined;
  const place = path && placeAt(shape, path);
  if (!path || !place) return false;
  switch (intent.type) {
    case 'validate':
      return true;
    case 'reset':
    case 'update': {
      const target = index === undefined ? place : childOf(place, index);
      return target !== undefined && valueFits(target, value);
    }
    case 'insert':
      return (
        isShape(place.items) &&
        (rows.get(formatPaths(path)) ?? 0) < (place.maxItems ?? 0) &&
        (index === undefined || isRow(index, place)) &&
        valueFits(place.items, defaultValue)
      );
    case 'remove':
      return isRow(index, place);
    case 'reorder':
      return isRow(from, place) && isRow(to, place);
    default:
      return false;
  }
}

/** Checked before Conform parses a form, which builds a list as long as the highest row a name gives (docs/decisions/021-one-bounded-form-reader.md). */
export function fitsSchema(form: FormData, schema: $ZodType): boolean {
  const shape = shapeOf(schema);
  const rows = new Map<string, number>();
  for (const name of new Set(form.keys())) {
    if (name === INTENT) continue;
    const path = pathOf(name);
    const place = path && placeAt(shape, path);
    if (!path || !place || !(holdsValue(place) || holdsValues(place, form.getAll(name).length))) return false;
    path.forEach((segment, at) => {
      if (typeof segment !== 'number') return;
      const list = formatPaths(path.slice(0, at));
      rows.set(list, Math.max(rows.get(list) ?? 0, segment + 1));
    });
  }
  const intent = form.get(INTENT);
  return intent === null || intentFits(intent, shape, rows);
}

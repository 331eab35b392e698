/**
 * Explicitly typed Apache Arrow tables: a table spec is data (column name -> type, nullability, meaning), the
 * row type is derived from it, and every file written from one spec has the same schema, even when empty.
 */
import {
  Bool,
  Dictionary,
  Field,
  Float64,
  Int32,
  Int64,
  makeBuilder,
  makeData,
  RecordBatch,
  Schema,
  Struct,
  Table,
  Utf8,
  type DataType,
} from "apache-arrow";

/**
 * Column types used in colloc tables. i64 holds byte counts (JS numbers stay exact below 2^53); "dict" is a
 * dictionary-encoded string, for long values repeated on many rows (kernel names).
 */
export type ColumnType = "utf8" | "dict" | "f64" | "i32" | "i64" | "bool";

export interface ColumnDef<T extends ColumnType = ColumnType, N extends boolean = boolean> {
  type: T;
  nullable: N;
  /** What the column holds, with its unit (docs/data-formats.md lists these). */
  doc: string;
}

/** A column that always has a value. */
export const required = <T extends ColumnType>(type: T, doc: string): ColumnDef<T, false> => ({
  type,
  nullable: false,
  doc,
});

/** A column that may be null. */
export const optional = <T extends ColumnType>(type: T, doc: string): ColumnDef<T, true> => ({
  type,
  nullable: true,
  doc,
});

/** Column order is the spec's key order. */
export type TableSpec = Record<string, ColumnDef>;

type JsValue<T extends ColumnType> = T extends "utf8" | "dict" ? string : T extends "bool" ? boolean : number;

/** The JS row a spec describes. */
export type RowOf<S extends TableSpec> = {
  [K in keyof S]: S[K]["nullable"] extends true ? JsValue<S[K]["type"]> | null : JsValue<S[K]["type"]>;
};

/** Arrow type of a column; `index` gives dictionaries fixed ids (arrow's default is a global counter). */
const arrowType: Record<ColumnType, (index: number) => DataType> = {
  utf8: () => new Utf8(),
  dict: (index) => new Dictionary(new Utf8(), new Int32(), index),
  f64: () => new Float64(),
  i32: () => new Int32(),
  i64: () => new Int64(),
  bool: () => new Bool(),
};

export function arrowSchema(spec: TableSpec): Schema {
  return new Schema(
    Object.entries(spec).map(([name, c], i) => new Field(name, arrowType[c.type](i), c.nullable)),
  );
}

function cell(value: unknown, name: string, column: ColumnDef): unknown {
  if (value === null || value === undefined) {
    // A null in a required column is a bug in the row builder, not bad input.
    if (!column.nullable) throw new Error(`column ${name} is required but a row has no value`);
    return null;
  }
  return column.type === "i64" ? BigInt(value as number) : value;
}

/** One record batch with exactly the spec's schema. */
export function toArrowTable<S extends TableSpec>(spec: S, rows: readonly RowOf<S>[]): Table {
  const schema = arrowSchema(spec);
  if (rows.length === 0) return new Table(schema);
  const children = Object.entries(spec).map(([name, column], i) => {
    const builder = makeBuilder({ type: schema.fields[i].type, nullValues: [null] });
    for (const row of rows) builder.append(cell(row[name], name, column));
    return builder.finish().flush();
  });
  const data = makeData({ type: new Struct(schema.fields), length: rows.length, nullCount: 0, children });
  return new Table([new RecordBatch(schema, data)]);
}

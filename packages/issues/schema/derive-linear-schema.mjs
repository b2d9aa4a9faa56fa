// Derives the GraphQL schema of an `@linear/sdk` release from the package itself. Linear publishes
// no schema file with the npm package, but its type declarations (`dist/index-*.d.mts`, generated
// by graphql-codegen's `typescript` plugin) hold every GraphQL type of the schema the release was
// generated from: object types (with `__typename`), interfaces (the bare types the objects
// intersect), input types, enums, unions, scalars, and each field's arguments (`<Type><Field>Args`).
// What the declarations do not carry (argument default values, `@oneOf`) is taken from the newest
// published SDL, `linear-schema.sdk-91.0.0.graphql`, where the same type, field and argument exist.
//
//   node schema/derive-linear-schema.mjs            (from packages/issues; needs typescript, graphql
//                                                    and the @linear/sdk dev-dependency installed)
//
// writes `schema/linear-schema.sdk-<version>.graphql`; re-running reproduces it byte for byte.

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildASTSchema, Kind, parse, print } from 'graphql';
import ts from 'typescript';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const BASE = join(here, 'linear-schema.sdk-91.0.0.graphql');
const BUILT_IN = new Set(['ID', 'String', 'Boolean', 'Int', 'Float']);

const sdkDir = dirname(require.resolve('@linear/sdk/package.json'));
const version = JSON.parse(readFileSync(join(sdkDir, 'package.json'), 'utf8')).version;
const dts = readdirSync(join(sdkDir, 'dist')).find((name) => /^index-.*\.d\.mts$/.test(name));
const source = ts.createSourceFile('sdk.d.mts', readFileSync(join(sdkDir, 'dist', dts), 'utf8'), ts.ScriptTarget.Latest, true);

/** The schema's declarations: from `type Scalars` up to the first generated fragment type. */
function schemaStatements() {
  const statements = [];
  let started = false;
  const visit = (node) => {
    if (ts.isModuleDeclaration(node) && node.body) return ts.forEachChild(node.body, visit);
    if (!(ts.isTypeAliasDeclaration(node) || ts.isEnumDeclaration(node))) return;
    const name = node.name.text;
    if (name === 'Scalars') started = true;
    else if (started && /Fragment$/.test(name)) started = false;
    if (started && !(ts.isTypeAliasDeclaration(node) && node.typeParameters)) statements.push(node);
  };
  // Statements of the top level, in order; stops collecting at the first fragment.
  for (const statement of source.statements) {
    visit(statement);
    if (!started && statements.length > 0) break;
  }
  return statements;
}

/** The JSDoc text and deprecation reason of a declaration. */
function docOf(node) {
  let description;
  let deprecated;
  for (const doc of ts.getJSDocCommentsAndTags(node)) {
    if (!ts.isJSDoc(doc)) continue;
    const text = ts.getTextOfJSDocComment(doc.comment);
    if (text) description = text.replace(/\n\s+/g, '\n    ').trim();
    for (const tag of doc.tags ?? []) {
      if (tag.tagName.text === 'deprecated') deprecated = ts.getTextOfJSDocComment(tag.comment) ?? 'No longer supported';
    }
  }
  return { description, deprecated };
}

/** The GraphQL type of a TypeScript member type, nullable or not. */
function typeNode(type, nullable) {
  const inner = unwrapMaybe(type);
  if (inner) return typeNode(inner, true);
  let named;
  if (ts.isTypeReferenceNode(type) && type.typeName.getText() === 'Array') {
    const list = { kind: Kind.LIST_TYPE, type: typeNode(type.typeArguments[0], false) };
    return nullable ? list : { kind: Kind.NON_NULL_TYPE, type: list };
  }
  if (ts.isIndexedAccessTypeNode(type)) named = type.indexType.literal.text; // Scalars["X"]
  else if (ts.isTypeReferenceNode(type)) named = type.typeName.getText();
  else throw new Error(`Unexpected member type ${type.getText()}`);
  const node = { kind: Kind.NAMED_TYPE, name: { kind: Kind.NAME, value: named } };
  return nullable ? node : { kind: Kind.NON_NULL_TYPE, type: node };
}

function unwrapMaybe(type) {
  if (ts.isTypeReferenceNode(type) && ['Maybe', 'InputMaybe'].includes(type.typeName.getText())) {
    return type.typeArguments[0];
  }
  return undefined;
}

/** The members of a type literal and the names of the types it intersects. */
function membersOf(type) {
  if (ts.isTypeLiteralNode(type)) return { members: type.members, bases: [] };
  if (ts.isIntersectionTypeNode(type)) {
    const literal = type.types.find(ts.isTypeLiteralNode);
    const bases = type.types.filter(ts.isTypeReferenceNode).map((t) => t.typeName.getText());
    return { members: literal?.members ?? [], bases };
  }
  return undefined;
}

/** Reads every declaration into a model of the schema. */
function readModel() {
  const model = { scalars: [], enums: new Map(), unions: new Map(), records: new Map(), interfaces: new Set() };
  for (const node of schemaStatements()) {
    const name = node.name.text;
    if (ts.isEnumDeclaration(node)) {
      model.enums.set(name, {
        doc: docOf(node),
        values: node.members.map((member) => ({ name: member.initializer.text, doc: docOf(member) })),
      });
    } else if (name === 'Scalars') {
      for (const member of node.type.members) {
        const scalar = member.name.text;
        if (!BUILT_IN.has(scalar)) model.scalars.push({ name: scalar, doc: docOf(member) });
      }
    } else if (ts.isUnionTypeNode(node.type) && node.type.types.every(ts.isTypeReferenceNode)) {
      model.unions.set(name, { doc: docOf(node), members: node.type.types.map((t) => t.typeName.getText()) });
    } else {
      const shape = membersOf(node.type);
      if (!shape) continue;
      for (const base of shape.bases) model.interfaces.add(base);
      const fields = shape.members.filter(ts.isPropertySignature);
      const typename = fields.find((field) => field.name.getText() === '__typename');
      model.records.set(name, {
        doc: docOf(node),
        object: Boolean(typename),
        bases: shape.bases,
        fields: fields
          .filter((field) => field !== typename)
          .map((field) => ({ name: field.name.getText(), doc: docOf(field), type: typeNode(field.type, Boolean(field.questionToken)) })),
      });
    }
  }
  return model;
}

/** Splits `<Type><Field>Args` into the type and field it belongs to, if there is one. */
function argsOwner(name, model) {
  if (!name.endsWith('Args')) return undefined;
  const stem = name.slice(0, -4);
  for (let i = stem.length - 1; i > 0; i -= 1) {
    const owner = model.records.get(stem.slice(0, i));
    if (!owner || !(owner.object || model.interfaces.has(stem.slice(0, i)))) continue;
    // codegen writes the field in PascalCase (`attachmentLinkGitHubPR` → `…AttachmentLinkGitHubPrArgs`).
    const field = owner.fields.find((f) => f.name.toLowerCase() === stem.slice(i).toLowerCase());
    if (field) return { owner: stem.slice(0, i), field: field.name };
  }
  return undefined;
}

const name = (value) => ({ kind: Kind.NAME, value });
const string = (value) => (value ? { kind: Kind.STRING, value, block: true } : undefined);
const deprecatedDirective = (reason) =>
  reason
    ? [{ kind: Kind.DIRECTIVE, name: name('deprecated'), arguments: [{ kind: Kind.ARGUMENT, name: name('reason'), value: { kind: Kind.STRING, value: reason } }] }]
    : [];
const namedOf = (type) => (type.kind === Kind.NAMED_TYPE ? type.name.value : namedOf(type.type));

function derive() {
  const base = new Map();
  for (const definition of parse(readFileSync(BASE, 'utf8'), { noLocation: true }).definitions) {
    if (definition.name) base.set(definition.name.value, definition);
  }
  const baseField = (type, field) => base.get(type)?.fields?.find((f) => f.name.value === field);
  const model = readModel();
  const args = new Map();
  for (const [recordName, record] of model.records) {
    const owner = argsOwner(recordName, model);
    if (owner) args.set(`${owner.owner}.${owner.field}`, record.fields);
  }
  const definitions = [];
  for (const scalar of model.scalars) {
    definitions.push({ kind: Kind.SCALAR_TYPE_DEFINITION, name: name(scalar.name), description: string(scalar.doc.description) });
  }
  for (const [enumName, { doc, values }] of model.enums) {
    definitions.push({
      kind: Kind.ENUM_TYPE_DEFINITION,
      name: name(enumName),
      description: string(doc.description),
      values: values.map((value) => ({
        kind: Kind.ENUM_VALUE_DEFINITION,
        name: name(value.name),
        description: string(value.doc.description),
        directives: deprecatedDirective(value.doc.deprecated),
      })),
    });
  }
  for (const [unionName, { doc, members }] of model.unions) {
    definitions.push({ kind: Kind.UNION_TYPE_DEFINITION, name: name(unionName), description: string(doc.description), types: members.map((m) => ({ kind: Kind.NAMED_TYPE, name: name(m) })) });
  }
  for (const [recordName, record] of model.records) {
    if (args.has(recordName) || argsOwner(recordName, model)) continue;
    const isInterface = model.interfaces.has(recordName);
    const isInput = !record.object && !isInterface;
    const fields = record.fields.map((field) => {
      const old = baseField(recordName, field.name);
      const fieldArgs = (args.get(`${recordName}.${field.name}`) ?? []).map((arg) => {
        const oldArg = old?.arguments?.find((a) => a.name.value === arg.name);
        const keepDefault = oldArg?.defaultValue && namedOf(oldArg.type) === namedOf(arg.type);
        return {
          kind: Kind.INPUT_VALUE_DEFINITION,
          name: name(arg.name),
          description: string(arg.doc.description ?? oldArg?.description?.value),
          type: arg.type,
          defaultValue: keepDefault ? oldArg.defaultValue : undefined,
          directives: deprecatedDirective(arg.doc.deprecated),
        };
      });
      const description = string(field.doc.description ?? old?.description?.value);
      const directives = deprecatedDirective(field.doc.deprecated);
      if (isInput) {
        const keepDefault = old?.defaultValue && namedOf(old.type) === namedOf(field.type);
        return { kind: Kind.INPUT_VALUE_DEFINITION, name: name(field.name), description, type: field.type, defaultValue: keepDefault ? old.defaultValue : undefined, directives };
      }
      return { kind: Kind.FIELD_DEFINITION, name: name(field.name), description, arguments: fieldArgs, type: field.type, directives };
    });
    const interfaces = record.bases.map((b) => ({ kind: Kind.NAMED_TYPE, name: name(b) }));
    const description = string(record.doc.description);
    if (isInput) {
      const directives = (base.get(recordName)?.directives ?? []).filter((d) => d.name.value === 'oneOf');
      definitions.push({ kind: Kind.INPUT_OBJECT_TYPE_DEFINITION, name: name(recordName), description, directives, fields });
    } else {
      const kind = isInterface ? Kind.INTERFACE_TYPE_DEFINITION : Kind.OBJECT_TYPE_DEFINITION;
      definitions.push({ kind, name: name(recordName), description, interfaces, directives: [], fields });
    }
  }
  definitions.sort((a, b) => (a.name.value < b.name.value ? -1 : a.name.value > b.name.value ? 1 : 0));
  const head = parse('schema { query: Query mutation: Mutation subscription: Subscription }\n"Indicates exactly one field must be supplied and this field must not be `null`."\ndirective @oneOf on INPUT_OBJECT');
  const document = { kind: Kind.DOCUMENT, definitions: [...head.definitions, ...definitions] };
  buildASTSchema(document); // throws on an invalid schema
  return document;
}

const out = join(here, `linear-schema.sdk-${version}.graphql`);
writeFileSync(out, `# Derived from @linear/sdk ${version} by schema/derive-linear-schema.mjs: do not edit.\n${print(derive())}\n`);
console.log(`wrote ${out}`);

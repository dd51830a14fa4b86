// The request validators and response serializers of every route, compiled once per process.
// Fastify compiles them when an app starts, with a new Ajv and fast-json-stringify for each app: ~190 ms of an app's
// start. The API runs one app per process, but its test suites build one per test (about 2,000 in CI), so the
// factories are shared by every app of the process: Ajv keeps what it compiled per schema object, and the serializers
// are kept per schema object here. The contract's schemas are module constants, so each is compiled once.
import {AjvCompiler} from '@fastify/ajv-compiler';
import {SerializerSelector} from '@fastify/fast-json-stringify-compiler';

// One Ajv per set of shared schemas and options, as Fastify's own pool keys them, for the whole process.
const buildValidator = AjvCompiler();

const buildDefaultSerializer = SerializerSelector();
type SerializerFactory = ReturnType<typeof SerializerSelector>;
type Serializer = ReturnType<ReturnType<SerializerFactory>>;
const serializers = new Map<string, WeakMap<object, Serializer>>();

const buildSerializer: SerializerFactory = (externalSchemas, options) => {
  const compile = buildDefaultSerializer(externalSchemas, options);
  const key = JSON.stringify([externalSchemas ?? {}, options ?? {}]);
  let compiled = serializers.get(key);
  if (!compiled) serializers.set(key, (compiled = new WeakMap()));
  const cache = compiled;
  return (route) => {
    const schema = route.schema;
    if (typeof schema !== 'object' || schema === null) return compile(route);
    let serializer = cache.get(schema);
    if (!serializer) cache.set(schema, (serializer = compile(route)));
    return serializer;
  };
};

/** Fastify's `schemaController` option: its default compilers, shared by every app of the process. */
export const sharedSchemaCompilers = {compilersFactory: {buildValidator, buildSerializer}};

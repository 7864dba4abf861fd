/**
 * The Java generator of the matrix: OpenAPI Generator's `java` client (library `native`, the
 * JDK's java.net.http), run through its Maven plugin from a `pom.xml` written into the work
 * folder, every plugin and dependency version pinned there. Maven's local repository is its
 * default (`~/.m2`), so a machine downloads them once. The drivers (`drivers/` for the matrix
 * scenario, `kit/` for the client kit) are sources of the same Maven project, compiled beside the
 * generated client; they run with `java -cp`, the classpath written by the dependency plugin during
 * the same `mvn compile`.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Calls, Connection } from './calls.js';
import { childCalls } from './child.js';
import { OPENAPI_GENERATOR_VERSION } from './openapi-generator.js';

/** OpenAPI Generator's version (its Maven plugin's): the one the Python row's CLI jar has. */
export { OPENAPI_GENERATOR_VERSION };

/** The versions of the generated client's dependencies (those of the `pom.xml` the generator itself writes). */
const DEPENDENCIES = [
  ['com.fasterxml.jackson.core', 'jackson-databind', '2.21.5'],
  ['com.fasterxml.jackson.core', 'jackson-annotations', '2.21'],
  ['com.fasterxml.jackson.datatype', 'jackson-datatype-jsr310', '2.21.5'],
  ['org.openapitools', 'jackson-databind-nullable', '0.2.11'],
  ['com.google.code.findbugs', 'jsr305', '3.0.2'],
  ['jakarta.annotation', 'jakarta.annotation-api', '1.3.5'],
] as const;

/** Maven's own plugins of the build, pinned (Maven 3.8's defaults compile for Java 5). */
const PLUGINS = [
  ['maven-resources-plugin', '3.3.1'],
  ['maven-compiler-plugin', '3.13.0'],
] as const;
/** Writes the dependencies' classpath for `java -cp`. */
const DEPENDENCY_PLUGIN = '3.8.1';

const ROOT = new URL('..', import.meta.url).pathname;
const PACKAGE = 'com.vendor.client';
/** The scenario driver and the kit driver, Java sources of the same project. */
export const JAVA_DRIVER = 'OpenapiGeneratorJava.java';
export const JAVA_KIT_DRIVER = 'OpenapiGeneratorJavaKit.java';
/** The classpath of the dependencies, written by `mvn compile`. */
const CLASSPATH_FILE = 'target/classpath.txt';

/**
 * Where the published document needs the user's help (see the README): the generator writes a
 * `default` that stands beside a `$ref` as a Java literal of the JSON (`FederationJwks jwks =
 * {"type":"discovery"};`, `String version = 1.0;`), which does not compile. Its users generate
 * from a copy without those defaults; the server applies them anyway.
 */
export function withoutDefaultsBesideRefs(document: unknown): { document: unknown; dropped: string[] } {
  const dropped: string[] = [];
  const walk = (node: unknown, path: string): unknown => {
    if (Array.isArray(node)) return node.map((item, i) => walk(item, `${path}/${i}`));
    if (node === null || typeof node !== 'object') return node;
    const entries = Object.entries(node as Record<string, unknown>);
    const beside = '$ref' in node && 'default' in node;
    if (beside) dropped.push(path);
    return Object.fromEntries(
      entries
        .filter(([key]) => !(beside && key === 'default'))
        .map(([key, value]) => [key, walk(value, `${path}/${key}`)]),
    );
  };
  return { document: walk(document, '#'), dropped };
}

/**
 * Options the Java client needs to compile from the document, each a generator option of its
 * documentation (see the README):
 * - `content` of a user or assistant turn is a string or an array of blocks; the generator's
 *   anyOf wrapper calls `List<MessageUserContentBlock>.class`, which is not Java: the two unions
 *   are mapped to `Object` (a string, or a list of blocks, as the user builds them);
 * - `type: "null"` (the `models` of a rate limit of another group) would be a model `ModelNull`
 *   the generator never writes: mapped to `Object`;
 * - `supportUrlQuery` off: its `toUrlQueryString` calls it on the mapped `Object`s too, and no
 *   operation sends a model in a query.
 */
const SCHEMA_MAPPINGS =
  'MessageUserParam_content=java.lang.Object,MessageAssistantParam_content=java.lang.Object';
const TYPE_MAPPINGS = 'null=Object';

export function pom(): string {
  const dependencies = DEPENDENCIES.map(
    ([g, a, v]) =>
      `    <dependency><groupId>${g}</groupId><artifactId>${a}</artifactId><version>${v}</version>${
        a === 'jakarta.annotation-api' ? '<scope>provided</scope>' : ''
      }</dependency>`,
  ).join('\n');
  const plugins = PLUGINS.map(
    ([a, v]) =>
      `      <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>${a}</artifactId><version>${v}</version></plugin>`,
  ).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>com.vendor</groupId>
  <artifactId>vendor-client-matrix</artifactId>
  <version>0</version>
  <properties>
    <maven.compiler.release>17</maven.compiler.release>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
  <dependencies>
${dependencies}
  </dependencies>
  <build>
    <plugins>
${plugins}
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-dependency-plugin</artifactId>
        <version>${DEPENDENCY_PLUGIN}</version>
        <executions>
          <execution>
            <id>classpath</id>
            <phase>compile</phase>
            <goals><goal>build-classpath</goal></goals>
            <configuration><outputFile>\${project.basedir}/${CLASSPATH_FILE}</outputFile></configuration>
          </execution>
        </executions>
      </plugin>
      <plugin>
        <groupId>org.openapitools</groupId>
        <artifactId>openapi-generator-maven-plugin</artifactId>
        <version>${OPENAPI_GENERATOR_VERSION}</version>
        <executions>
          <execution>
            <goals><goal>generate</goal></goals>
            <configuration>
              <inputSpec>\${project.basedir}/openapi-java.json</inputSpec>
              <generatorName>java</generatorName>
              <library>native</library>
              <apiPackage>${PACKAGE}.api</apiPackage>
              <modelPackage>${PACKAGE}.model</modelPackage>
              <invokerPackage>${PACKAGE}</invokerPackage>
              <schemaMappings>${SCHEMA_MAPPINGS}</schemaMappings>
              <typeMappings>${TYPE_MAPPINGS}</typeMappings>
              <configOptions><supportUrlQuery>false</supportUrlQuery></configOptions>
              <generateApiTests>false</generateApiTests>
              <generateModelTests>false</generateModelTests>
              <generateApiDocumentation>false</generateApiDocumentation>
              <generateModelDocumentation>false</generateModelDocumentation>
            </configuration>
          </execution>
        </executions>
      </plugin>
    </plugins>
  </build>
</project>
`;
}

/**
 * What the generator prints that is not about the document, each with why:
 * - its notice that its OpenAPI 3.1 support is in beta (said of every 3.1 document);
 * - `Failed to get the schema name: null`: it asks for the name of a reference on a schema that
 *   has none (`ModelUtils.getSimpleRef(null)`), once per run, naming nothing of the document;
 *   the client it writes is complete (every operation and schema, compiled);
 * - `Ignoring complex example on request body`: it writes only scalar examples into the
 *   documentation it generates; the document's object examples are valid.
 */
export const NOT_ABOUT_THE_DOCUMENT: readonly string[] = [
  '[WARNING] OpenAPI 3.1 support is still in beta.',
  '[WARNING] Failed to get the schema name: null',
  '[WARNING] Ignoring complex example on request body',
];

/** The generator's warnings and errors about the document in Maven's output (the others filtered). */
export function documentWarnings(out: string): string[] {
  return out
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /^\[(WARNING|ERROR)\]/.test(l))
    .filter((l) => !NOT_ABOUT_THE_DOCUMENT.some((known) => l.startsWith(known)));
}

/** Java or Maven cannot be had here (no `java`/`mvn`, or Maven Central out of reach). */
export class JavaUnavailable extends Error {}

const run = async (file: string, args: readonly string[], cwd: string) => {
  try {
    const { stdout, stderr } = await promisify(execFile)(file, args, {
      cwd,
      env: { ...process.env, MAVEN_OPTS: process.env.MAVEN_OPTS ?? '-Djava.awt.headless=true' },
      maxBuffer: 64 * 1024 * 1024,
    });
    return `${stdout}\n${stderr}`.trim();
  } catch (e) {
    const { stdout = '', stderr = '', message } = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${file} ${args.join(' ')}: ${`${stdout}\n${stderr}`.trim() || message}`);
  }
};

let checked: Promise<void> | undefined;
/** Java 17 or later and Maven, or `JavaUnavailable` with why. */
export function javaToolchain(): Promise<void> {
  checked ??= (async () => {
    for (const [tool, args] of [
      ['java', ['-version']],
      ['mvn', ['-v']],
    ] as const) {
      try {
        await run(tool, args, ROOT);
      } catch (e) {
        throw new JavaUnavailable(`no ${tool} here: ${(e as Error).message.split('\n')[0]}`);
      }
    }
  })();
  checked.catch(() => {
    checked = undefined;
  });
  return checked;
}

/** Maven without its progress: batch mode, no transfer progress. */
const MAVEN = ['-B', '-ntp', '-Dstyle.color=never'];

/** Writes the project (document copy, pom, drivers) into `dir` and runs the generator. */
export async function generateJava(dir: string): Promise<void> {
  await javaToolchain();
  const { document } = withoutDefaultsBesideRefs(JSON.parse(readFileSync(join(dir, 'openapi.json'), 'utf8')));
  writeFileSync(join(dir, 'openapi-java.json'), JSON.stringify(document, null, 2));
  writeFileSync(join(dir, 'pom.xml'), pom());
  const sources = join(dir, 'src/main/java');
  mkdirSync(sources, { recursive: true });
  copyFileSync(join(ROOT, 'drivers', JAVA_DRIVER), join(sources, JAVA_DRIVER));
  copyFileSync(join(ROOT, 'kit', JAVA_KIT_DRIVER), join(sources, JAVA_KIT_DRIVER));
  const out = await run('mvn', [...MAVEN, 'generate-sources'], dir);
  const warnings = documentWarnings(out);
  if (warnings.length > 0)
    throw new Error(`openapi-generator ${OPENAPI_GENERATOR_VERSION}:\n${warnings.join('\n')}`);
}

/** Compiles the generated client and both drivers (`mvn -q compile`, the generator not run again). */
export async function compileJava(dir: string): Promise<void> {
  await run('mvn', [...MAVEN, '-q', 'compile', '-Dcodegen.skip=true'], dir);
}

/** The `java -cp` arguments that run a driver class of the compiled project in `dir`. */
export function javaCommand(dir: string, mainClass: string): string[] {
  const dependencies = readFileSync(join(dir, CLASSPATH_FILE), 'utf8').trim();
  return ['-cp', `${join(dir, 'target/classes')}:${dependencies}`, mainClass];
}

/** The scenario's calls through the Java driver, a child process speaking the JSON-lines protocol. */
export function javaCalls(dir: string, connection: Connection): Calls & { close(): void } {
  return childCalls('java', javaCommand(dir, JAVA_DRIVER.replace('.java', '')), dir, connection);
}

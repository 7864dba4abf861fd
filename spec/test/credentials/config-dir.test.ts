import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  activeProfileName,
  CREDENTIALS_FILE_MODE,
  configDir,
  isCredentialsFileMode,
  isValidProfileName,
  joinPath,
  profilePaths,
} from '../../src/rules/credentials.js';
import { defineVendor } from '../../src/vendor.js';
import { DIR, HOME, tree, v } from './fixtures.js';

describe('configuration directory', () => {
  it.each([
    ['CONFIG-DIR-POSIX', 'linux', { homeDir: HOME }, `${HOME}/.config/vendor`, 'posix_home'],
    ['CONFIG-DIR-POSIX', 'darwin', { homeDir: '/Users/dev' }, '/Users/dev/.config/vendor', 'posix_home'],
    ['CONFIG-DIR-POSIX', 'freebsd', { homeDir: HOME }, `${HOME}/.config/vendor`, 'posix_home'],
    ['CONFIG-DIR-POSIX', 'linux', { homeDir: `${HOME}/` }, `${HOME}/.config/vendor`, 'posix_home'],
    [
      'CONFIG-DIR-WINDOWS',
      'win32',
      { appDataDir: 'C:\\Users\\dev\\AppData\\Roaming' },
      'C:\\Users\\dev\\AppData\\Roaming\\Vendor',
      'windows_app_data',
    ],
    [
      'CONFIG-DIR-WINDOWS',
      'win32',
      { appDataDir: 'C:\\AppData\\' },
      'C:\\AppData\\Vendor',
      'windows_app_data',
    ],
  ] as const)('%s: on %s with %j is %s', (_, platform, dirs, path, rule) => {
    expect(configDir({ env: {}, platform, ...dirs }, v)).toMatchObject({ ok: true, path, rule });
  });

  it('CONFIG-DIR-ENV, CRED-ENV-CONFIG-DIR: is the configuration directory variable on every platform when set', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('linux', 'darwin', 'win32'),
        fc.string({ minLength: 1 }),
        (platform, dir) => {
          expect(
            configDir({ env: { [v.env.configDir]: dir }, platform, homeDir: HOME, appDataDir: 'C:\\A' }, v),
          ).toMatchObject({ ok: true, path: dir, rule: 'environment' });
        },
      ),
    );
  });

  it('CRED-ENV-EMPTY-OCCUPIES-SLOT: is an error when the variable is an empty string (it occupies its slot)', () => {
    const r = configDir({ env: { [v.env.configDir]: '' }, platform: 'linux', homeDir: HOME }, v);
    expect(r).toMatchObject({ ok: false, error: { code: 'config_dir_unavailable' } });
  });

  it('is an error without a home directory on Linux or an application-data directory on Windows', () => {
    expect(configDir({ env: {}, platform: 'linux' }, v).ok).toBe(false);
    expect(configDir({ env: {}, platform: 'win32', homeDir: HOME }, v).ok).toBe(false);
  });

  it('follows the vendor name', () => {
    const acme = defineVendor('acme');
    expect(configDir({ env: {}, platform: 'linux', homeDir: HOME }, acme)).toMatchObject({
      path: `${HOME}/.config/acme`,
    });
    expect(configDir({ env: {}, platform: 'win32', appDataDir: 'C:\\A' }, acme)).toMatchObject({
      path: 'C:\\A\\Acme',
    });
    expect(
      configDir({ env: { ACME_CONFIG_DIR: '/x', VENDOR_CONFIG_DIR: '/y' }, platform: 'linux' }, acme),
    ).toMatchObject({
      path: '/x',
    });
  });
});

describe('profile paths', () => {
  it('PROFILE-TWO-FILES, PROFILE-CONFIG-PATH, PROFILE-CREDENTIALS-PATH: puts the two files of a profile under configs/ and credentials/', () => {
    expect(profilePaths(DIR, 'work', 'linux')).toEqual({
      config: `${DIR}/configs/work.json`,
      credentials: `${DIR}/credentials/work.json`,
    });
    expect(profilePaths('C:\\A\\Vendor', 'work', 'win32')).toEqual({
      config: 'C:\\A\\Vendor\\configs\\work.json',
      credentials: 'C:\\A\\Vendor\\credentials\\work.json',
    });
  });

  it('joins with the platform separator', () => {
    expect(joinPath('linux', '/a//', 'b', 'c')).toBe('/a/b/c');
    expect(joinPath('win32', 'C:\\a\\', 'b')).toBe('C:\\a\\b');
  });

  it.each([
    ['work', true],
    ['team-1.prod', true],
    ['', false],
    ['.', false],
    ['..', false],
    ['a/b', false],
    ['a\\b', false],
    ['a\0b', false],
  ])('accepts %j as a profile name: %s', (name, ok) => {
    expect(isValidProfileName(name)).toBe(ok);
  });
});

describe('credentials file mode', () => {
  it('PROFILE-CREDENTIALS-MODE-0600: is 0600', () => {
    expect(CREDENTIALS_FILE_MODE).toBe(0o600);
  });

  it.each([
    [0o100600, true],
    [0o600, true],
    [0o644, false],
    [0o640, false],
    [0o700, false],
    [0o400, false],
  ])('PROFILE-CREDENTIALS-MODE-0600: mode %o fits the credentials file: %s', (mode, ok) => {
    expect(isCredentialsFileMode(mode)).toBe(ok);
  });
});

describe('active profile name', () => {
  const inputs = (env: Record<string, string>, files: Record<string, string> = {}) => ({
    env,
    platform: 'linux',
    homeDir: HOME,
    readFile: tree(files),
  });

  it('CONFIG-ACTIVE-PROFILE-ENV, CRED-ENV-PROFILE: is the profile variable when set, before active_config', () => {
    expect(
      activeProfileName(inputs({ [v.env.profile]: 'env' }, { [`${DIR}/active_config`]: 'file' }), v),
    ).toMatchObject({
      ok: true,
      name: 'env',
      from: 'environment',
    });
  });

  it('CONFIG-ACTIVE-PROFILE-ENV, CRED-ENV-EMPTY-OCCUPIES-SLOT: is the profile variable even when it is an empty string', () => {
    expect(
      activeProfileName(inputs({ [v.env.profile]: '' }, { [`${DIR}/active_config`]: 'file' }), v),
    ).toMatchObject({
      name: '',
      from: 'environment',
    });
  });

  it('CONFIG-ACTIVE-PROFILE-FILE: is the trimmed contents of active_config otherwise', () => {
    expect(activeProfileName(inputs({}, { [`${DIR}/active_config`]: '  team\n' }), v)).toMatchObject({
      name: 'team',
      from: 'active_config',
    });
  });

  it.each([[{}], [{ [`${DIR}/active_config`]: '' }], [{ [`${DIR}/active_config`]: ' \n\t' }]])(
    'CONFIG-ACTIVE-PROFILE-DEFAULT: is the literal default with active_config %j',
    (files) => {
      expect(activeProfileName(inputs({}, files), v)).toMatchObject({ name: 'default', from: 'default' });
    },
  );

  it('reads active_config from the configuration directory variable', () => {
    expect(
      activeProfileName(inputs({ [v.env.configDir]: '/c' }, { '/c/active_config': 'x' }), v),
    ).toMatchObject({
      name: 'x',
    });
  });
});

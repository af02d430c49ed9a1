import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@/lib/server/config';

const cwd = '/srv/parley';

function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    parseConfig(env, cwd);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected parseConfig to throw');
}

describe('parseConfig', () => {
  it('applies defaults for an empty environment', () => {
    expect(parseConfig({}, cwd)).toEqual({
      openaiBaseUrl: null,
      openaiApiKey: null,
      chatModel: null,
      chatModels: [],
      databaseUrl: null,
      databasePoolMax: 5,
      databaseListen: true,
      pgliteDir: path.join(cwd, '.data/pglite-dev'),
      sessionSecret: null,
      port: 3000,
      mcpServers: [],
      toolApproval: [],
      toolMaxSteps: 5,
      toolTimeoutMs: 20000,
      liveLeaseMs: 20000,
      assistants: [],
      assistantsPerUser: 100,
      providers: [],
      contextWindows: {},
      attachmentLimits: {
        maxFiles: 8,
        maxFileBytes: 4 * 1024 * 1024,
        maxTotalBytes: 16 * 1024 * 1024,
      },
      limits: {
        upstreamBodyBytes: 8388608,
        upstreamEventBytes: 1048576,
        answerChars: 1000000,
        upstreamIdleMs: 120000,
      },
      rateLimits: {
        chatPerUser: 30,
        chatPerIp: 120,
        guestsPerIp: 60,
        uploadsPerUser: 60,
        uploadsPerIp: 240,
        uploadBytesPerUser: 100 * 1024 * 1024,
        uploadBytesPerIp: 400 * 1024 * 1024,
        accountsPerIp: 10,
        importsPerUser: 20,
        importsPerIp: 60,
        forksPerUser: 30,
        forksPerIp: 120,
        tokensPerGuest: 200_000,
        tokensPerAccount: 2_000_000,
        trustProxy: false,
      },
      access: {
        codes: [],
        wrongCodesPerIp: 10,
        allowedEmails: [],
        allowGuests: true,
        wrongPasswordsPerIp: 10,
        chatPerAccount: 60,
        sso: [],
      },
      hosts: { appUrl: null, names: [] },
      // No SMTP_URL: no mail (only `npm run dev` writes account mails to the log).
      mail: { smtpUrl: null, from: null, logOnly: false, perAddress: 5, perIp: 20 },
      // No ADMIN_EMAILS: nobody is an admin; no MODEL_PRICES: no costs are estimated.
      admin: { emails: [], prices: {} },
    });
  });

  it('reads ACCESS_CODES as a comma-separated list (blanks and repeats dropped)', () => {
    const config = parseConfig({ ACCESS_CODES: ' alpha , beta,,alpha ' }, cwd);
    expect(config.access.codes).toEqual(['alpha', 'beta']);
    const accounts = parseConfig({
      ALLOWED_EMAILS: 'a@b.example,@c.example',
      ALLOW_GUESTS: 'false',
      // An allow-list needs mail (or single sign-on) to prove addresses: config/mail.test.ts.
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_FROM: 'parley@example.com',
    });
    expect(accounts.access.allowedEmails).toEqual(['a@b.example', '@c.example']);
    expect(accounts.access.allowGuests).toBe(false);
    expect(() => parseConfig({ ALLOWED_EMAILS: 'nobody' }, cwd)).toThrow(/ALLOWED_EMAILS must be/);
    expect(() => parseConfig({ ALLOW_GUESTS: 'no' }, cwd)).toThrow(/ALLOW_GUESTS must be true/);
    const sso = parseConfig({
      OIDC_ISSUER_URL: 'https://id.example.com/realms/team/',
      OIDC_CLIENT_ID: 'parley',
      OIDC_CLIENT_SECRET: 's3cret',
      GITHUB_CLIENT_ID: 'gh',
      GITHUB_CLIENT_SECRET: 'gh-secret',
    }).access.sso;
    expect(sso.map((p) => [p.id, p.name, p.issuer])).toEqual([
      ['oidc', 'single sign-on', 'https://id.example.com/realms/team'],
      ['github', 'GitHub', undefined],
    ]);
    expect(() => parseConfig({ OIDC_CLIENT_ID: 'parley' }, cwd)).toThrow(
      /needs all of OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET/,
    );
    expect(() => parseConfig({ GITHUB_CLIENT_ID: 'gh' }, cwd)).toThrow(/GITHUB_CLIENT_SECRET/);
    expect(() => parseConfig({ RATE_LIMIT_ACCESS_CODE_PER_IP: '0' }, cwd)).toThrow(
      /RATE_LIMIT_ACCESS_CODE_PER_IP must be a whole number between 1/,
    );
  });

  describe('on Vercel (VERCEL=1)', () => {
    const secret = 'x'.repeat(32);
    const url = 'postgres://u:p@db.example.com/parley';

    it('requires DATABASE_URL and SESSION_SECRET, naming both and where to get them', () => {
      const error = configError({ VERCEL: '1' });
      expect(error.issues.map((i) => i.variable)).toEqual(['DATABASE_URL', 'SESSION_SECRET']);
      expect(error.message).toContain('DATABASE_URL must be set on Vercel');
      expect(error.message).toContain('Neon');
      expect(error.message).toContain('SESSION_SECRET must be set on Vercel');
      expect(error.message).toContain('openssl rand -base64 32');
    });

    it('names only the missing one, and counts blank values as missing', () => {
      expect(configError({ VERCEL: '1', DATABASE_URL: url }).issues).toEqual([
        expect.objectContaining({ variable: 'SESSION_SECRET' }),
      ]);
      expect(
        configError({ VERCEL: '1', SESSION_SECRET: secret, DATABASE_URL: ' ' }).issues,
      ).toEqual([expect.objectContaining({ variable: 'DATABASE_URL' })]);
    });

    it('starts with both set, and requires neither elsewhere', () => {
      const config = parseConfig({ VERCEL: '1', DATABASE_URL: url, SESSION_SECRET: secret }, cwd);
      expect(config.databaseUrl).toBe(url);
      expect(config.sessionSecret).toBe(secret);
      expect(parseConfig({ VERCEL: '0' }, cwd).databaseUrl).toBeNull();
    });
  });

  it('reads DATABASE_LISTEN (auto or off) at start, refusing anything else', () => {
    expect(parseConfig({}, cwd).databaseListen).toBe(true);
    expect(parseConfig({ DATABASE_LISTEN: 'auto' }, cwd).databaseListen).toBe(true);
    expect(parseConfig({ DATABASE_LISTEN: ' OFF ' }, cwd).databaseListen).toBe(false);
    const error = configError({ DATABASE_LISTEN: 'no' });
    expect(error.issues[0]?.variable).toBe('DATABASE_LISTEN');
    expect(error.message).toContain('DATABASE_LISTEN must be "auto"');
  });

  it('refuses an unknown LOG_LEVEL at start instead of logging at info', () => {
    expect(() => parseConfig({ LOG_LEVEL: ' DEBUG ' }, cwd)).not.toThrow();
    const error = configError({ LOG_LEVEL: 'verbose' });
    expect(error.issues[0]?.variable).toBe('LOG_LEVEL');
    expect(error.message).toContain('LOG_LEVEL must be one of fatal, error, warn');
  });

  it('parses DATABASE_POOL_MAX within 1–100', () => {
    expect(parseConfig({ DATABASE_POOL_MAX: '2' }, cwd).databasePoolMax).toBe(2);
    expect(configError({ DATABASE_POOL_MAX: '0' }).issues[0]?.variable).toBe('DATABASE_POOL_MAX');
    expect(configError({ DATABASE_POOL_MAX: 'many' }).message).toContain(
      'DATABASE_POOL_MAX must be a whole number between 1 and 100',
    );
  });

  it('reads the upstream caps and refuses values out of range with the variable named', () => {
    const config = parseConfig(
      {
        UPSTREAM_BODY_MAX_BYTES: '65536',
        UPSTREAM_EVENT_MAX_BYTES: '4096',
        ANSWER_MAX_CHARS: '20000',
        UPSTREAM_IDLE_TIMEOUT_MS: '3000',
      },
      cwd,
    );
    expect(config.limits).toEqual({
      upstreamBodyBytes: 65536,
      upstreamEventBytes: 4096,
      answerChars: 20000,
      upstreamIdleMs: 3000,
    });
    expect(() => parseConfig({ UPSTREAM_IDLE_TIMEOUT_MS: '10' }, cwd)).toThrow(
      'UPSTREAM_IDLE_TIMEOUT_MS',
    );
    expect(() => parseConfig({ UPSTREAM_EVENT_MAX_BYTES: '10' }, cwd)).toThrow(
      /UPSTREAM_EVENT_MAX_BYTES must be a whole number between 1024/,
    );
    expect(() => parseConfig({ ANSWER_MAX_CHARS: '1e6' }, cwd)).toThrow(/ANSWER_MAX_CHARS/);
    expect(() => parseConfig({ UPSTREAM_BODY_MAX_BYTES: '-1' }, cwd)).toThrow(
      /UPSTREAM_BODY_MAX_BYTES/,
    );
  });

  it('parses the attachment limits in files and megabytes', () => {
    const config = parseConfig(
      { ATTACHMENT_MAX_FILES: '2', ATTACHMENT_MAX_FILE_MB: '3', ATTACHMENT_MAX_TOTAL_MB: '5' },
      cwd,
    );
    expect(config.attachmentLimits).toEqual({
      maxFiles: 2,
      maxFileBytes: 3 * 1024 * 1024,
      maxTotalBytes: 5 * 1024 * 1024,
    });
    // A total below one file's limit would refuse a single allowed file: it is raised to match.
    expect(
      parseConfig({ ATTACHMENT_MAX_FILE_MB: '8', ATTACHMENT_MAX_TOTAL_MB: '2' }, cwd)
        .attachmentLimits.maxTotalBytes,
    ).toBe(8 * 1024 * 1024);
    expect(configError({ ATTACHMENT_MAX_FILE_MB: '0' }).message).toContain(
      'ATTACHMENT_MAX_FILE_MB must be a whole number between 1 and 100',
    );
    expect(configError({ ATTACHMENT_MAX_FILES: 'lots' }).issues[0]?.variable).toBe(
      'ATTACHMENT_MAX_FILES',
    );
  });

  it('treats empty and blank strings as unset', () => {
    const config = parseConfig(
      { OPENAI_BASE_URL: '', DATABASE_URL: ' ', PORT: '', SESSION_SECRET: '', CHAT_MODELS: '' },
      cwd,
    );
    expect(config.openaiBaseUrl).toBeNull();
    expect(config.databaseUrl).toBeNull();
    expect(config.port).toBe(3000);
    expect(config.sessionSecret).toBeNull();
    expect(config.chatModels).toEqual([]);
  });

  it('uses a separate PGlite folder in production and resolves PGLITE_DIR to an absolute path', () => {
    expect(parseConfig({ NODE_ENV: 'production' }, cwd).pgliteDir).toBe(
      path.join(cwd, '.data/pglite-prod'),
    );
    expect(parseConfig({ NODE_ENV: 'test' }, cwd).pgliteDir).toBe(
      path.join(cwd, '.data/pglite-dev'),
    );
    expect(parseConfig({ PGLITE_DIR: 'tmp/db' }, cwd).pgliteDir).toBe(path.join(cwd, 'tmp/db'));
    expect(parseConfig({ PGLITE_DIR: '/var/lib/parley' }, cwd).pgliteDir).toBe('/var/lib/parley');
  });

  it('accepts http and https base URLs and strips trailing slashes', () => {
    expect(parseConfig({ OPENAI_BASE_URL: 'https://api.openai.com/v1/' }, cwd).openaiBaseUrl).toBe(
      'https://api.openai.com/v1',
    );
    expect(parseConfig({ OPENAI_BASE_URL: 'http://localhost:11434/v1//' }, cwd).openaiBaseUrl).toBe(
      'http://localhost:11434/v1',
    );
  });

  it.each(['not a url', 'ftp://x', 'localhost:11434/v1', 'http://'])(
    'rejects OPENAI_BASE_URL=%j with a message naming the variable and the fix',
    (value) => {
      const error = configError({ OPENAI_BASE_URL: value });
      expect(error.issues.map((i) => i.variable)).toEqual(['OPENAI_BASE_URL']);
      expect(error.message).toContain('OPENAI_BASE_URL must be an http(s) URL');
      expect(error.message).toContain('http://localhost:11434/v1');
      expect(error.message).toContain(JSON.stringify(value));
    },
  );

  it.each(['0', '65536', 'abc', '3000.5', '-1'])('rejects PORT=%j', (value) => {
    const error = configError({ PORT: value });
    expect(error.issues[0]?.variable).toBe('PORT');
    expect(error.message).toMatch(/^PORT must be a whole number between 1 and 65535/);
  });

  it('parses PORT', () => {
    expect(parseConfig({ PORT: '8080' }, cwd).port).toBe(8080);
    expect(parseConfig({ PORT: '65535' }, cwd).port).toBe(65535);
  });

  it('accepts postgres:// and postgresql:// DATABASE_URLs', () => {
    const url = 'postgresql://u:p@db:5432/parley';
    expect(parseConfig({ DATABASE_URL: url }, cwd).databaseUrl).toBe(url);
    expect(parseConfig({ DATABASE_URL: 'postgres://db/x' }, cwd).databaseUrl).toBe(
      'postgres://db/x',
    );
  });

  it('rejects DATABASE_URL of another scheme without echoing its password', () => {
    const error = configError({ DATABASE_URL: 'mysql://root:hunter2@db/parley' });
    expect(error.issues[0]?.variable).toBe('DATABASE_URL');
    expect(error.message).toContain('postgres://');
    expect(error.message).toContain('"mysql:"');
    expect(error.message).not.toContain('hunter2');
  });

  it('rejects a short SESSION_SECRET without echoing it', () => {
    const error = configError({ SESSION_SECRET: 'too-short-secret' });
    expect(error.issues[0]?.variable).toBe('SESSION_SECRET');
    expect(error.message).toContain('at least 32 characters');
    expect(error.message).not.toContain('too-short-secret');
    const secret = 'x'.repeat(32);
    expect(parseConfig({ SESSION_SECRET: secret }, cwd).sessionSecret).toBe(secret);
  });

  it('lists every invalid variable at once', () => {
    const error = configError({ PORT: '0', OPENAI_BASE_URL: 'nope' });
    expect(error.issues.map((i) => i.variable).sort()).toEqual(['OPENAI_BASE_URL', 'PORT']);
    expect(error.message).toContain('PORT');
    expect(error.message).toContain('OPENAI_BASE_URL');
  });

  it('parses CHAT_MODELS as a trimmed, de-duplicated list and defaults CHAT_MODEL to its first entry', () => {
    const config = parseConfig({ CHAT_MODELS: ' gpt-4o-mini, llama3.1:8b ,,gpt-4o-mini ' }, cwd);
    expect(config.chatModels).toEqual(['gpt-4o-mini', 'llama3.1:8b']);
    expect(config.chatModel).toBe('gpt-4o-mini');
  });

  it('keeps CHAT_MODEL pickable by prepending it to CHAT_MODELS when missing', () => {
    expect(parseConfig({ CHAT_MODEL: 'b', CHAT_MODELS: 'a,b' }, cwd)).toMatchObject({
      chatModel: 'b',
      chatModels: ['a', 'b'],
    });
    expect(parseConfig({ CHAT_MODEL: 'c', CHAT_MODELS: 'a,b' }, cwd)).toMatchObject({
      chatModel: 'c',
      chatModels: ['c', 'a', 'b'],
    });
    expect(parseConfig({ CHAT_MODEL: 'solo' }, cwd).chatModels).toEqual(['solo']);
  });

  it('passes the API key through', () => {
    expect(parseConfig({ OPENAI_API_KEY: 'sk-test' }, cwd).openaiApiKey).toBe('sk-test');
  });

  describe('MCP_SERVERS', () => {
    it('parses servers with defaults for headers and requireApproval', () => {
      const config = parseConfig(
        {
          MCP_SERVERS: JSON.stringify([
            { name: 'docs', url: 'http://127.0.0.1:9000/mcp' },
            {
              name: 'web-search_2',
              url: 'https://mcp.example.com/mcp',
              headers: { Authorization: 'Bearer abc' },
              requireApproval: true,
            },
          ]),
        },
        cwd,
      );
      expect(config.mcpServers).toEqual([
        { name: 'docs', url: 'http://127.0.0.1:9000/mcp', headers: {}, requireApproval: false },
        {
          name: 'web-search_2',
          url: 'https://mcp.example.com/mcp',
          headers: { Authorization: 'Bearer abc' },
          requireApproval: true,
        },
      ]);
    });

    it('treats an empty value and an empty array as no servers', () => {
      expect(parseConfig({ MCP_SERVERS: ' ' }, cwd).mcpServers).toEqual([]);
      expect(parseConfig({ MCP_SERVERS: '[]' }, cwd).mcpServers).toEqual([]);
    });

    it('rejects invalid JSON with an example of the expected shape', () => {
      const error = configError({ MCP_SERVERS: '[{name: docs}]' });
      expect(error.issues.map((i) => i.variable)).toEqual(['MCP_SERVERS']);
      expect(error.message).toContain('MCP_SERVERS must be a JSON array');
      expect(error.message).toContain('not valid JSON');
      expect(error.message).toContain('"url":"http://127.0.0.1:9000/mcp"');
    });

    it('rejects a JSON value that is not an array', () => {
      const error = configError({ MCP_SERVERS: '{"name":"docs","url":"http://x"}' });
      expect(error.issues[0]?.variable).toBe('MCP_SERVERS');
      expect(error.message).toMatch(/^MCP_SERVERS must be a JSON array/);
    });

    it.each([
      [[{ name: 'bad name', url: 'http://x/mcp' }], 'MCP_SERVERS[0].name'],
      [[{ name: 'x'.repeat(33), url: 'http://x/mcp' }], 'MCP_SERVERS[0].name'],
      [[{ url: 'http://x/mcp' }], 'MCP_SERVERS[0].name'],
      [[{ name: 'a', url: 'http://x/mcp' }, { name: 'b' }], 'MCP_SERVERS[1].url'],
      [[{ name: 'a', url: 'ftp://x/mcp' }], 'MCP_SERVERS[0].url'],
      [[{ name: 'a', url: 'http://x/mcp', headers: { x: 1 } }], 'MCP_SERVERS[0].headers.x'],
      [
        [{ name: 'a', url: 'http://x/mcp', requireApproval: 'yes' }],
        'MCP_SERVERS[0].requireApproval',
      ],
      [[{ name: 'a', url: 'http://x/mcp', requiresApproval: true }], 'MCP_SERVERS[0]'],
    ])('rejects %j naming %s', (servers, where) => {
      const error = configError({ MCP_SERVERS: JSON.stringify(servers) });
      expect(error.issues.map((i) => i.variable)).toEqual(['MCP_SERVERS']);
      expect(error.message.startsWith(`${where} `)).toBe(true);
    });

    it('rejects duplicate names', () => {
      const servers = [
        { name: 'docs', url: 'http://a/mcp' },
        { name: 'docs', url: 'http://b/mcp' },
      ];
      const error = configError({ MCP_SERVERS: JSON.stringify(servers) });
      expect(error.message).toContain('"docs" twice');
    });

    it('never echoes header values or URL query strings', () => {
      const error = configError({
        MCP_SERVERS: JSON.stringify([
          { name: 'a', url: 'ftp://host/mcp?token=s3cret', headers: { Authorization: 7 } },
        ]),
      });
      expect(error.issues).toHaveLength(2);
      expect(error.message).not.toContain('s3cret');
      expect(error.message).toContain('"ftp:"');
    });
  });

  describe('TOOL_APPROVAL', () => {
    it('parses a trimmed, de-duplicated list of built-in tool names', () => {
      expect(
        parseConfig({ TOOL_APPROVAL: ' calculate, get_current_time,,calculate ' }, cwd)
          .toolApproval,
      ).toEqual(['calculate', 'get_current_time']);
    });

    it('rejects names that are not built-in tools and lists the valid ones', () => {
      const error = configError({ TOOL_APPROVAL: 'calculate,calc' });
      expect(error.issues.map((i) => i.variable)).toEqual(['TOOL_APPROVAL']);
      expect(error.message).toContain('"calc"');
      expect(error.message).toContain('get_current_time, calculate, convert_units');
      expect(error.message).toContain('requireApproval');
    });
  });

  describe('TOOL_MAX_STEPS and TOOL_TIMEOUT_MS', () => {
    it('parses values within range', () => {
      expect(parseConfig({ TOOL_MAX_STEPS: '1' }, cwd).toolMaxSteps).toBe(1);
      expect(parseConfig({ TOOL_MAX_STEPS: '20' }, cwd).toolMaxSteps).toBe(20);
      expect(parseConfig({ TOOL_TIMEOUT_MS: '100' }, cwd).toolTimeoutMs).toBe(100);
      expect(parseConfig({ TOOL_TIMEOUT_MS: '300000' }, cwd).toolTimeoutMs).toBe(300000);
    });

    it.each(['0', '21', '2.5', 'five', '-3'])('rejects TOOL_MAX_STEPS=%j', (value) => {
      const error = configError({ TOOL_MAX_STEPS: value });
      expect(error.issues.map((i) => i.variable)).toEqual(['TOOL_MAX_STEPS']);
      expect(error.message).toMatch(/^TOOL_MAX_STEPS must be a whole number between 1 and 20/);
      expect(error.message).toContain('default 5');
    });

    it.each(['99', '300001', '1e4', '20s'])('rejects TOOL_TIMEOUT_MS=%j', (value) => {
      const error = configError({ TOOL_TIMEOUT_MS: value });
      expect(error.issues.map((i) => i.variable)).toEqual(['TOOL_TIMEOUT_MS']);
      expect(error.message).toMatch(
        /^TOOL_TIMEOUT_MS must be a whole number between 100 and 300000/,
      );
    });
  });

  describe('RATE_LIMIT_*', () => {
    it('parses counts, 0 turning a limit off', () => {
      const config = parseConfig(
        {
          RATE_LIMIT_CHAT_PER_USER: '5',
          RATE_LIMIT_CHAT_PER_IP: '0',
          RATE_LIMIT_GUESTS_PER_IP: '7',
        },
        cwd,
      );
      expect(config.rateLimits).toMatchObject({ chatPerUser: 5, chatPerIp: 0, guestsPerIp: 7 });
    });

    it('parses budgets: uploads in MB, tokens per day, 0 turning one off', () => {
      const config = parseConfig(
        {
          RATE_LIMIT_UPLOAD_MB_PER_USER: '3',
          RATE_LIMIT_ACCOUNTS_PER_IP: '0',
          TOKEN_BUDGET_GUEST: '0',
          TOKEN_BUDGET_ACCOUNT: '5000',
        },
        cwd,
      );
      expect(config.rateLimits).toMatchObject({
        uploadBytesPerUser: 3 * 1024 * 1024,
        accountsPerIp: 0,
        tokensPerGuest: 0,
        tokensPerAccount: 5000,
      });
    });

    it.each([
      ['RATE_LIMIT_UPLOADS_PER_USER', '-1'],
      ['RATE_LIMIT_UPLOAD_MB_PER_IP', 'lots'],
      ['RATE_LIMIT_FORKS_PER_IP', '1.5'],
      ['TOKEN_BUDGET_GUEST', '10k'],
      ['TRUST_PROXY', 'yes'],
    ])('rejects %s=%j, naming it', (variable, value) => {
      expect(() => parseConfig({ [variable]: value }, cwd)).toThrow(
        new RegExp(`^${variable} must`),
      );
    });

    it('trusts X-Forwarded-For on Vercel or with TRUST_PROXY=true, and nowhere else', () => {
      expect(parseConfig({}, cwd).rateLimits.trustProxy).toBe(false);
      expect(parseConfig({ TRUST_PROXY: 'true' }, cwd).rateLimits.trustProxy).toBe(true);
      expect(parseConfig({ TRUST_PROXY: 'false' }, cwd).rateLimits.trustProxy).toBe(false);
      const vercel = {
        VERCEL: '1',
        DATABASE_URL: 'postgres://db/x',
        SESSION_SECRET: 'x'.repeat(32),
      };
      expect(parseConfig(vercel, cwd).rateLimits.trustProxy).toBe(true);
    });

    it.each(['-1', 'ten', '2.5', '1000001'])('rejects RATE_LIMIT_GUESTS_PER_IP=%j', (value) => {
      const error = configError({ RATE_LIMIT_GUESTS_PER_IP: value });
      expect(error.issues.map((i) => i.variable)).toEqual(['RATE_LIMIT_GUESTS_PER_IP']);
      expect(error.message).toMatch(/^RATE_LIMIT_GUESTS_PER_IP must be a whole number between 0/);
      expect(error.message).toContain('default 60');
    });
  });
});

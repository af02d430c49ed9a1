import { describe, expect, it } from 'vitest';
import { maskSecret, scanMessages, scanText } from './secret-scan';

// Built from parts so this file itself does not look like it leaks credentials.
const openaiKey = `sk-proj-${'A1b2C3d4E5'.repeat(3)}`;
const anthropicKey = `sk-ant-api03-${'Zy9'.repeat(10)}`;
const githubToken = `ghp_${'a1B2'.repeat(9)}`;
const githubPat = `github_pat_${'11ABCDEFG0'.repeat(3)}`;
const awsKeyId = `AKIA${'IOSFODNN7EXAMPLE'}`;
const awsSecret = `wJalrXUtnFEMI/K7MDENG/bPxRfiCY${'EXAMPLEKEY'}`;
const jwt = [
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9',
  'eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ',
  'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
].join('.');
const slackToken = `xoxb-${'1234567890'}-${'abcdefABCDEF'}`;
const pem = [
  '-----BEGIN RSA PRIVATE KEY-----',
  'MIIEpAIBAAKCAQEA',
  '-----END RSA PRIVATE KEY-----',
];

const kinds = (text: string) => scanText(text).map((f) => f.kind);

describe('scanText', () => {
  it.each([
    ['an OpenAI project key', `my key is ${openaiKey} ok`, 'api_key', openaiKey],
    ['an Anthropic key', `ANTHROPIC_API_KEY=${anthropicKey}`, 'api_key', anthropicKey],
    ['a GitHub token', `token ${githubToken}`, 'github_token', githubToken],
    ['a fine-grained GitHub token', githubPat, 'github_token', githubPat],
    ['an AWS access key id', `id=${awsKeyId}`, 'aws_access_key', awsKeyId],
    ['an AWS secret', `aws_secret_access_key = ${awsSecret}`, 'aws_secret_key', awsSecret],
    ['a JWT', `cookie: ${jwt}`, 'jwt', jwt],
    ['a Slack token', `SLACK=${slackToken}`, 'slack_token', slackToken],
    ['a PEM private key', pem.join('\n'), 'private_key', pem[0]],
    ['a password assignment', 'db password=hunter2hunter2 please', 'password', 'hunter2hunter2'],
    ['a quoted JSON secret', '{"client_secret": "s3cr3t-Value"}', 'password', 's3cr3t-Value'],
  ])('finds %s', (_name, text, kind, value) => {
    expect(scanText(text)).toContainEqual(expect.objectContaining({ kind, value }));
  });

  it('reports a bearer JWT once, as a JWT', () => {
    expect(kinds(`Authorization: Bearer ${jwt}`)).toEqual(['jwt']);
  });

  it('reports a key assigned to api_key once, by its specific kind', () => {
    expect(kinds(`api_key = "${openaiKey}"`)).toEqual(['api_key']);
  });

  it('lists findings in the order they appear', () => {
    expect(kinds(`${githubToken} then ${awsKeyId} then ${openaiKey}`)).toEqual([
      'github_token',
      'aws_access_key',
      'api_key',
    ]);
  });

  it.each([
    ['ordinary prose', 'The sky is blue because of Rayleigh scattering.'],
    ['a short sk- word', 'sk-learn is a library; ask-me-anything'],
    ['a word that merely contains sk-', `task-${'x'.repeat(30)}`],
    ['a placeholder password', 'password=******** and secret: <your-secret>'],
    ['a password from the environment', 'password = os.environ["DB_PASSWORD"]'],
    ['a password from config', 'secret: config.auth.secret'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell placeholder, on purpose
    ['a templated password', 'PASSWORD=${DB_PASSWORD}'],
    ['a too-short password', 'pwd=abc'],
    ['a lowercase AKIA-like word', 'akiaiosfodnn7example'],
    ['a public key', '-----BEGIN PUBLIC KEY-----'],
  ])('ignores %s', (_name, text) => {
    expect(scanText(text)).toEqual([]);
  });
});

describe('maskSecret', () => {
  it('keeps at most four leading characters of a secret', () => {
    expect(maskSecret(openaiKey)).toBe('sk-p…');
    expect(maskSecret('hunter2hunter2')).toBe('hun…');
    expect(maskSecret('abcdef')).toBe('a…');
  });

  it('shows a PEM header as is (it is not secret)', () => {
    expect(maskSecret('-----BEGIN PRIVATE KEY-----')).toBe('-----BEGIN PRIVATE KEY-----');
  });
});

describe('scanMessages', () => {
  it('scans content, reasoning and tool arguments, and never returns the secret itself', () => {
    const findings = scanMessages([
      { role: 'user', content: 'hello' },
      { role: 'assistant', content: 'ok', reasoning: `the user pasted ${githubToken}` },
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ function: { arguments: JSON.stringify({ key: awsKeyId }) } }],
      },
      { role: 'tool', content: `result: ${openaiKey}` },
    ]);
    expect(findings.map((f) => [f.messageIndex, f.role, f.kind])).toEqual([
      [1, 'assistant', 'github_token'],
      [2, 'assistant', 'aws_access_key'],
      [3, 'tool', 'api_key'],
    ]);
    const serialized = JSON.stringify(findings);
    for (const secret of [githubToken, awsKeyId, openaiKey]) {
      expect(serialized).not.toContain(secret);
    }
  });

  it('returns nothing for a clean conversation', () => {
    expect(scanMessages([{ role: 'user', content: 'What is 2+2?' }])).toEqual([]);
  });
});

import { createHmac, createSecretKey } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from './session-tokens.ts';

const secret = 's'.repeat(48);
const key = createSecretKey(Buffer.from(secret));
const ISSUER = 'investor-portal';
const now = Math.floor(Date.now() / 1000);
const sid = '0f0e0d0c-0b0a-4908-8706-050403020100';
const claims = { sid, sub: '7', iss: ISSUER, iat: now, exp: now + 3600 };

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token with any header and payload, signed as the server signs (HMAC-SHA-256 of the first two parts). */
function forged(header: unknown, payload: unknown, signingSecret = secret): string {
  const input = `${part(header)}.${part(payload)}`;
  return `${input}.${createHmac('sha256', signingSecret).update(input).digest('base64url')}`;
}

describe('session tokens', () => {
  it('reads what jose signs and jose reads what it signs', async () => {
    const byJose = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setIssuer(ISSUER)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(key);
    expect(verifyToken(key, byJose, ISSUER, now)).toEqual({ sid, exp: now + 3600 });
    // The same claims make the same bytes: a token of the server before this module still reads.
    const ours = signToken(key, claims);
    expect(ours).toBe(byJose);
    const { payload, protectedHeader } = await jwtVerify(ours, key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
    });
    expect(protectedHeader).toEqual({ alg: 'HS256' });
    expect(payload).toEqual(claims);
  });

  it('refuses a token signed with another key or changed after signing', () => {
    expect(verifyToken(key, forged({ alg: 'HS256' }, claims), ISSUER, now)).not.toBeNull();
    expect(verifyToken(key, forged({ alg: 'HS256' }, claims, 'x'.repeat(48)), ISSUER, now)).toBeNull();
    const [header, , signature] = signToken(key, claims).split('.');
    const otherSession = part({ ...claims, sid: '11111111-2222-4333-8444-555555555555' });
    expect(verifyToken(key, `${header}.${otherSession}.${signature}`, ISSUER, now)).toBeNull();
    // A signature cut short, padded, or spelled with characters outside base64url.
    const token = signToken(key, claims);
    expect(verifyToken(key, token.slice(0, -2), ISSUER, now)).toBeNull();
    expect(verifyToken(key, `${token}=`, ISSUER, now)).toBeNull();
    expect(verifyToken(key, `${token.slice(0, -1)}+`, ISSUER, now)).toBeNull();
  });

  it('refuses every other algorithm, an unsigned token and headers it does not understand', () => {
    expect(verifyToken(key, `${part({ alg: 'none' })}.${part(claims)}.`, ISSUER, now)).toBeNull();
    expect(verifyToken(key, `${part({ alg: 'none' })}.${part(claims)}`, ISSUER, now)).toBeNull();
    // Signed with the right key but naming another algorithm, or asking for extensions.
    expect(verifyToken(key, forged({ alg: 'HS512' }, claims), ISSUER, now)).toBeNull();
    expect(verifyToken(key, forged({ typ: 'JWT' }, claims), ISSUER, now)).toBeNull();
    expect(verifyToken(key, forged({ alg: 'HS256', crit: ['exp'] }, claims), ISSUER, now)).toBeNull();
    expect(verifyToken(key, forged({ alg: 'HS256', b64: false }, claims), ISSUER, now)).toBeNull();
    expect(verifyToken(key, forged(['HS256'], claims), ISSUER, now)).toBeNull();
  });

  it('refuses a token past its expiry, without one, not yet valid, of another issuer or without a session', () => {
    expect(verifyToken(key, signToken(key, claims), ISSUER, now + 3599)).not.toBeNull();
    expect(verifyToken(key, signToken(key, claims), ISSUER, now + 3600)).toBeNull();
    const { exp: _, ...noExpiry } = claims;
    expect(verifyToken(key, forged({ alg: 'HS256' }, noExpiry), ISSUER, now)).toBeNull();
    expect(
      verifyToken(key, forged({ alg: 'HS256' }, { ...claims, exp: String(now + 60) }), ISSUER, now),
    ).toBeNull();
    expect(verifyToken(key, forged({ alg: 'HS256' }, { ...claims, nbf: now + 60 }), ISSUER, now)).toBeNull();
    expect(
      verifyToken(key, forged({ alg: 'HS256' }, { ...claims, nbf: now - 60 }), ISSUER, now),
    ).not.toBeNull();
    expect(verifyToken(key, forged({ alg: 'HS256' }, { ...claims, iss: 'another' }), ISSUER, now)).toBeNull();
    const { sid: __, ...noSession } = claims;
    expect(verifyToken(key, forged({ alg: 'HS256' }, noSession), ISSUER, now)).toBeNull();
    expect(verifyToken(key, forged({ alg: 'HS256' }, [claims]), ISSUER, now)).toBeNull();
  });

  it('refuses what is not three parts of JSON', () => {
    for (const text of [
      '',
      'not-a-jwt',
      'a.b',
      'a.b.c.d',
      '..',
      `${part({ alg: 'HS256' })}.bm90IGpzb24.c2ln`,
    ])
      expect(verifyToken(key, text, ISSUER, now)).toBeNull();
    const input = `${part({ alg: 'HS256' })}.${Buffer.from('not json').toString('base64url')}`;
    const signed = `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
    expect(verifyToken(key, signed, ISSUER, now)).toBeNull();
  });
});

// The peer for `GET /api/user` in the hot-path bench: the same call written the plain way, with
// Express, jsonwebtoken, helmet and pg — the session check as one query and the current user as a
// second, each sent as text. It answers the same JSON as the app, so the bench compares like for
// like. Not part of the product.
import express from 'express';
import helmet from 'helmet';
import jwt from 'jsonwebtoken';
import pg from 'pg';

const port = Number(process.env.PORT);
const secret = process.env.SESSION_SECRET ?? '';
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const SESSION = `
  select s.user_id, s.account_id, s.impersonator_id, s.expires_at, au.permission, u.is_master
  from sessions s
  join users u on u.id = s.user_id
  join accounts a on a.id = s.account_id
  join account_users au on au.account_id = s.account_id and au.user_id = s.user_id
  where s.id = $1 and s.user_id = $2 and s.account_id = $3
    and s.revoked_at is null and s.expires_at > now() and not u.disabled and a.closed_at is null`;
const USER = `
  select u.*, au.permission, au.enable_plus, au.advertiser_name,
    a.id as account_id, a.name as account_name, a.plan, a.subscription_status,
    (select coalesce(json_agg(json_build_object('id', ma.id, 'name', ma.name) order by m.created_at), '[]')
       from account_users m join accounts ma on ma.id = m.account_id
      where m.user_id = u.id and ma.closed_at is null) as accounts
  from users u
  join account_users au on au.user_id = u.id and au.account_id = $2
  join accounts a on a.id = $2
  where u.id = $1`;

const app = express();
app.use(helmet());
app.get('/api/user', async (req, res) => {
  try {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const claims = jwt.verify(token, secret, {
      algorithms: ['HS256'],
      issuer: 'partner-portal',
      audience: 'partner-portal',
    }) as { jti: string; sub: string; acc: string };
    const session = await pool.query(SESSION, [claims.jti, claims.sub, claims.acc]);
    if (session.rowCount !== 1) return res.status(401).json({ message: 'Unauthorized' });
    const { rows } = await pool.query(USER, [claims.sub, claims.acc]);
    const u = rows[0];
    res.json({
      data: {
        id: u.id,
        first_name: u.first_name,
        last_name: u.last_name,
        name: `${u.first_name} ${u.last_name}`.trim(),
        email: u.email,
        pending_email: u.pending_email,
        avatar: u.avatar,
        dark_mode: u.dark_mode,
        locale: u.locale,
        has_password: u.password_hash !== null,
        duplicate_user: u.duplicate_user,
        support_enabled: u.support_enabled,
        '2fa_enabled': u.totp_enabled,
        default_account: u.default_account_id,
        accounts: u.accounts,
        account_id: u.account_id,
        account_name: u.account_name,
        permission: u.is_master ? 'master' : u.permission,
        verified: u.verified,
        plan: u.plan,
        subscription: u.subscription_status,
        enable_plus: u.enable_plus,
        advertiser_name: u.advertiser_name,
      },
    });
  } catch {
    res.status(401).json({ message: 'Unauthorized' });
  }
});
app.listen(port, '127.0.0.1', () => console.log(`express peer on ${port}`));

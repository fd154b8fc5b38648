// Run inside the api container by smoke.mjs (`node --input-type=module < this file`): the two
// accounts it signs in with and the catalogue lookups an upload's form must name (an empty
// database has none; the demo seed, which fills them, needs the demo's music tools). Written
// through the product's own entities and password hasher; safe to run again. Prints the ids.
import { PasswordHasher } from '/app/dist/libs/common/src/password-hasher.js';
import { Album, AlbumTrack, createDataSource, User } from '/app/dist/libs/db/src/index.js';
import { TestFactories } from '/app/dist/libs/testing/src/factories.js';

const db = await createDataSource(process.env.DATABASE_URL).initialize();
const factories = new TestFactories(db);
const hasher = new PasswordHasher();

async function account(email, password, isStaff) {
  const users = db.getRepository(User);
  const user =
    (await users.createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getOne()) ??
    (await factories.user({ email, isStaff, firstName: isStaff ? 'Smoke' : 'Viewer', lastName: 'Test' }));
  await users.update(user.id, { passwordHash: await hasher.hash(password), isStaff, isActive: true });
  return user.id;
}

await account(process.env.SMOKE_STAFF_EMAIL, process.env.SMOKE_STAFF_PASSWORD, true);
await account(process.env.SMOKE_VIEWER_EMAIL, process.env.SMOKE_VIEWER_PASSWORD, false);
const albums = db.getRepository(Album);
const album =
  (await albums.findOneBy({ catalogueNum: 'SMOKE-1' })) ??
  (await albums.save({ title: 'Smoke test album', catalogueNum: 'SMOKE-1' }));
const tracks = db.getRepository(AlbumTrack);
const track =
  (await tracks.findOneBy({ albumId: album.id, position: 1 })) ??
  (await tracks.save({ albumId: album.id, position: 1, title: 'Smoke test track', duration: 60 }));
const ids = {
  genre: (await factories.genre('Smoke genre', true)).id,
  mood: (await factories.mood('Smoke mood')).id,
  videoGenre: (await factories.videoGenre('Smoke video genre')).id,
  tag: (await factories.tag('smoke')).id,
  album: album.id,
  track: track.id,
};
await db.destroy();
console.log(JSON.stringify(ids));

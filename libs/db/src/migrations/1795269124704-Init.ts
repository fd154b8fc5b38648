import { MigrationInterface, QueryRunner } from "typeorm";

export class Init1795269124704 implements MigrationInterface {
  name = "Init1795269124704";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "genres" (
                "id" SERIAL NOT NULL,
                "title" character varying(100) NOT NULL,
                "is_active" boolean NOT NULL DEFAULT false,
                "image_key" character varying(300),
                CONSTRAINT "PK_80ecd718f0f00dde5d77a9be842" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "moods" (
                "id" SERIAL NOT NULL,
                "title" character varying(100) NOT NULL,
                CONSTRAINT "PK_5e8d7a76ab84b2b527458490774" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "activities" (
                "id" SERIAL NOT NULL,
                "title" character varying(100) NOT NULL,
                CONSTRAINT "PK_7f4004429f731ffb9c88eb486a8" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "tags" (
                "id" SERIAL NOT NULL,
                "title" character varying(100) NOT NULL,
                CONSTRAINT "PK_e7dc17249a1148a1970748eda99" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "video_genres" (
                "id" SERIAL NOT NULL,
                "title" character varying(100) NOT NULL,
                CONSTRAINT "PK_6bc9a463ff5284af0d74bff5fb9" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "members" (
                "id" SERIAL NOT NULL,
                "title" character varying(200) NOT NULL,
                "title2" character varying(200) NOT NULL DEFAULT '',
                "merch_url" character varying(500) NOT NULL DEFAULT '',
                "image_key" character varying(300),
                CONSTRAINT "PK_28b53062261b996d9c99fa12404" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "composers" (
                "id" SERIAL NOT NULL,
                "title" character varying(200) NOT NULL,
                CONSTRAINT "PK_08e6faf7fc8e4a0f55416ab2190" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "albums" (
                "id" SERIAL NOT NULL,
                "title" character varying(300) NOT NULL,
                "catalogue_num" character varying(50) NOT NULL,
                "genre_id" integer,
                "cover_key" character varying(300),
                CONSTRAINT "PK_838ebae24d2e12082670ffc95d7" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "IDX_fdc0c8fa44f42d026f276fc221" ON "albums" ("catalogue_num")
        `);
    await queryRunner.query(`
            CREATE TABLE "album_tracks" (
                "id" SERIAL NOT NULL,
                "album_id" integer NOT NULL,
                "position" integer NOT NULL,
                "title" character varying(300) NOT NULL,
                "genre_id" integer,
                "mood_id" integer,
                "duration" double precision NOT NULL DEFAULT '0',
                "audio_key" character varying(300),
                "excerpt_key" character varying(300),
                "fingerprinted_at" TIMESTAMP WITH TIME ZONE,
                CONSTRAINT "UQ_album_tracks_position" UNIQUE ("album_id", "position"),
                CONSTRAINT "PK_668e14c32979f182e1ed804735a" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "track_links" (
                "id" SERIAL NOT NULL,
                "album_track_id" integer NOT NULL,
                "kind" character varying(20) NOT NULL,
                "url" character varying(1000) NOT NULL,
                "title" character varying(200) NOT NULL DEFAULT '',
                "image_url" character varying(1000) NOT NULL DEFAULT '',
                CONSTRAINT "PK_c6c304a37784fe0f1fa856cdbdb" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_ef6133b795e7b5ef3fa5730a88" ON "track_links" ("album_track_id")
        `);
    await queryRunner.query(`
            CREATE TABLE "users" (
                "id" SERIAL NOT NULL,
                "email" character varying(254) NOT NULL,
                "password_hash" character varying(255) NOT NULL,
                "first_name" character varying(150) NOT NULL,
                "last_name" character varying(150) NOT NULL,
                "mobile_number" character varying(20) NOT NULL DEFAULT '',
                "gives_permission" boolean NOT NULL DEFAULT false,
                "is_active" boolean NOT NULL DEFAULT false,
                "is_staff" boolean NOT NULL DEFAULT false,
                "is_guest" boolean NOT NULL DEFAULT false,
                "last_login" TIMESTAMP WITH TIME ZONE,
                "credentials_changed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "date_joined" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "videos" (
                "id" SERIAL NOT NULL,
                "title" character varying(300) NOT NULL,
                "description" text NOT NULL DEFAULT '',
                "yt_link" character varying(500) NOT NULL DEFAULT '',
                "status" smallint NOT NULL DEFAULT '0',
                "duration" double precision NOT NULL DEFAULT '0',
                "original_key" character varying(300),
                "hls_master_key" character varying(300),
                "thumbnail_key" character varying(300),
                "processing_state" character varying(20) NOT NULL DEFAULT 'external',
                "processing_progress" smallint NOT NULL DEFAULT '0',
                "processing_error" text,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_e4c86c0cf95aff16e9fb8220f6b" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_ece1558efc6efd53eb530479db" ON "videos" ("status")
        `);
    await queryRunner.query(`
            CREATE TABLE "video_tracks" (
                "id" SERIAL NOT NULL,
                "video_id" integer NOT NULL,
                "album_track_id" integer NOT NULL,
                "position" integer NOT NULL,
                "start_time" double precision NOT NULL,
                "end_time" double precision NOT NULL,
                CONSTRAINT "UQ_video_tracks_position" UNIQUE ("video_id", "position") DEFERRABLE INITIALLY IMMEDIATE,
                CONSTRAINT "PK_4eea4c9968391ed1bde0928acd4" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_d83e284692c05ebaae0eee21cf" ON "video_tracks" ("album_track_id")
        `);
    await queryRunner.query(`
            CREATE TABLE "categories" (
                "id" SERIAL NOT NULL,
                "title" character varying(200) NOT NULL,
                "status" smallint NOT NULL DEFAULT '0',
                "icon_key" character varying(300),
                CONSTRAINT "PK_24dbc6126a28ff948da33e97d3b" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "playlists" (
                "id" SERIAL NOT NULL,
                "title" character varying(200) NOT NULL,
                "status" smallint NOT NULL DEFAULT '1',
                "user_id" integer,
                "thumbnail_key" character varying(300),
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_a4597f4189a75d20507f3f7ef0d" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_a3ea169575c25e5c55494d7f38" ON "playlists" ("user_id")
        `);
    await queryRunner.query(`
            CREATE TABLE "playlist_videos" (
                "id" SERIAL NOT NULL,
                "playlist_id" integer NOT NULL,
                "video_id" integer NOT NULL,
                "position" integer NOT NULL,
                CONSTRAINT "UQ_playlist_videos_video" UNIQUE ("playlist_id", "video_id"),
                CONSTRAINT "UQ_playlist_videos_position" UNIQUE ("playlist_id", "position") DEFERRABLE INITIALLY IMMEDIATE,
                CONSTRAINT "PK_b278f3df494d22d32012502e5a9" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_d2e54860e84dc3cbe6e9abd07c" ON "playlist_videos" ("video_id")
        `);
    await queryRunner.query(`
            CREATE TABLE "groups" (
                "id" SERIAL NOT NULL,
                "title" character varying(200) NOT NULL,
                "status" smallint NOT NULL DEFAULT '1',
                "position" integer NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "UQ_groups_position" UNIQUE ("position") DEFERRABLE INITIALLY IMMEDIATE,
                CONSTRAINT "PK_659d1483316afb28afd3a90646e" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "group_playlists" (
                "id" SERIAL NOT NULL,
                "group_id" integer NOT NULL,
                "playlist_id" integer NOT NULL,
                "position" integer NOT NULL,
                CONSTRAINT "UQ_group_playlists_playlist" UNIQUE ("group_id", "playlist_id"),
                CONSTRAINT "UQ_group_playlists_position" UNIQUE ("group_id", "position") DEFERRABLE INITIALLY IMMEDIATE,
                CONSTRAINT "PK_858fa85bd4c59f4bff7b673c11d" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_5bbcd0040ffbf78a8765dacc34" ON "group_playlists" ("playlist_id")
        `);
    await queryRunner.query(`
            CREATE TABLE "banner_videos" (
                "id" SERIAL NOT NULL,
                "video_id" integer NOT NULL,
                "playlist_id" integer NOT NULL,
                "group_id" integer NOT NULL,
                "title" character varying(200) NOT NULL,
                "status" smallint NOT NULL DEFAULT '0',
                "position" integer NOT NULL,
                "image_key" character varying(300),
                CONSTRAINT "UQ_banner_videos_position" UNIQUE ("position") DEFERRABLE INITIALLY IMMEDIATE,
                CONSTRAINT "PK_4d435d09eebc63a3204e8cddbd6" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "fingerprint_hashes" (
                "hash" integer NOT NULL,
                "album_track_id" integer NOT NULL,
                "frame" integer NOT NULL,
                CONSTRAINT "PK_338947e0e1ba3d9abce91034d7e" PRIMARY KEY ("hash", "album_track_id", "frame")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "watermark_codes" (
                "code" integer NOT NULL,
                "video_id" integer NOT NULL,
                "video_track_id" integer,
                "album_track_id" integer,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_9cb575e28ace0d3b4a77271ae52" PRIMARY KEY ("code")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_7a49021064be935811727f443b" ON "watermark_codes" ("video_id")
        `);
    await queryRunner.query(`
            CREATE TABLE "refresh_tokens" (
                "jti" uuid NOT NULL,
                "family" uuid NOT NULL,
                "user_id" integer NOT NULL,
                "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "used_at" TIMESTAMP WITH TIME ZONE,
                "revoked_at" TIMESTAMP WITH TIME ZONE,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_f3752400c98d5c0b3dca54d66d5" PRIMARY KEY ("jti")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_968936751ab847471635be8dc0" ON "refresh_tokens" ("family")
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_3ddc983c5f7bcf132fd8732c3f" ON "refresh_tokens" ("user_id")
        `);
    await queryRunner.query(`
            CREATE TABLE "album_track_members" (
                "album_track_id" integer NOT NULL,
                "member_id" integer NOT NULL,
                CONSTRAINT "PK_989cfc9bd391f545d98afb5209b" PRIMARY KEY ("album_track_id", "member_id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_c2b6b60dba069840f93c7f606d" ON "album_track_members" ("album_track_id")
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_56b12433d0f5723169ebbae3cb" ON "album_track_members" ("member_id")
        `);
    await queryRunner.query(`
            CREATE TABLE "album_track_composers" (
                "album_track_id" integer NOT NULL,
                "composer_id" integer NOT NULL,
                CONSTRAINT "PK_00d4eb2759fbddb3bfd7ecf1c80" PRIMARY KEY ("album_track_id", "composer_id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_d466ca40d10ca4eefa2b80a318" ON "album_track_composers" ("album_track_id")
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_818a0a24ecafca19c0cc8e7bce" ON "album_track_composers" ("composer_id")
        `);
    await queryRunner.query(`
            CREATE TABLE "video_genre_links" (
                "video_id" integer NOT NULL,
                "genre_id" integer NOT NULL,
                CONSTRAINT "PK_7d9990aca8eb3ea4a384cab40e8" PRIMARY KEY ("video_id", "genre_id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_ac6ebd2e284615635676e493fb" ON "video_genre_links" ("video_id")
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_456542f8e111537233a0f26339" ON "video_genre_links" ("genre_id")
        `);
    await queryRunner.query(`
            CREATE TABLE "video_moods" (
                "video_id" integer NOT NULL,
                "mood_id" integer NOT NULL,
                CONSTRAINT "PK_aabae9418b1379c253df3b9abff" PRIMARY KEY ("video_id", "mood_id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_03cc0a37e95e6c663d779000e9" ON "video_moods" ("video_id")
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_c9612b49bc5abcf922b995eda3" ON "video_moods" ("mood_id")
        `);
    await queryRunner.query(`
            CREATE TABLE "video_activities" (
                "video_id" integer NOT NULL,
                "activity_id" integer NOT NULL,
                CONSTRAINT "PK_9acc8129ccdaafe3edadf64e63f" PRIMARY KEY ("video_id", "activity_id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_3c1d0961b4073607077ceff835" ON "video_activities" ("video_id")
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_2ffd9e6202a6cc6a29aa27816f" ON "video_activities" ("activity_id")
        `);
    await queryRunner.query(`
            CREATE TABLE "video_tags" (
                "video_id" integer NOT NULL,
                "tag_id" integer NOT NULL,
                CONSTRAINT "PK_2f81b8c0221388d4c33d7892a1f" PRIMARY KEY ("video_id", "tag_id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_e27933328455988a734bf02575" ON "video_tags" ("video_id")
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_b2d90b3d034e87bde8dd51788d" ON "video_tags" ("tag_id")
        `);
    await queryRunner.query(`
            CREATE TABLE "video_videogenres" (
                "video_id" integer NOT NULL,
                "video_genre_id" integer NOT NULL,
                CONSTRAINT "PK_53cb5a3f9141b1a0c0baf781836" PRIMARY KEY ("video_id", "video_genre_id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_64b23d2738ee8f92f4d2c11a81" ON "video_videogenres" ("video_id")
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_150671548d0e97f38af832f866" ON "video_videogenres" ("video_genre_id")
        `);
    await queryRunner.query(`
            CREATE TABLE "category_tags" (
                "category_id" integer NOT NULL,
                "tag_id" integer NOT NULL,
                CONSTRAINT "PK_026a448d129eadaa4b1c78df188" PRIMARY KEY ("category_id", "tag_id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_b3b8777fc29b8e6ab948133e56" ON "category_tags" ("category_id")
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_c33a8886ec5a7b30532c172d07" ON "category_tags" ("tag_id")
        `);
    await queryRunner.query(`
            ALTER TABLE "albums"
            ADD CONSTRAINT "FK_49b21f77c05dace2fe9312a2b29" FOREIGN KEY ("genre_id") REFERENCES "genres"("id") ON DELETE
            SET NULL ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "album_tracks"
            ADD CONSTRAINT "FK_8de2d443c8440551b042003f466" FOREIGN KEY ("album_id") REFERENCES "albums"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "album_tracks"
            ADD CONSTRAINT "FK_f81527752c95a2857af1c4e54df" FOREIGN KEY ("genre_id") REFERENCES "genres"("id") ON DELETE
            SET NULL ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "album_tracks"
            ADD CONSTRAINT "FK_69b9327efdfbb3c594d300aa65e" FOREIGN KEY ("mood_id") REFERENCES "moods"("id") ON DELETE
            SET NULL ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "track_links"
            ADD CONSTRAINT "FK_ef6133b795e7b5ef3fa5730a880" FOREIGN KEY ("album_track_id") REFERENCES "album_tracks"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "video_tracks"
            ADD CONSTRAINT "FK_f8ff9fd5319fff216f911c81dd2" FOREIGN KEY ("video_id") REFERENCES "videos"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "video_tracks"
            ADD CONSTRAINT "FK_d83e284692c05ebaae0eee21cf3" FOREIGN KEY ("album_track_id") REFERENCES "album_tracks"("id") ON DELETE RESTRICT ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "playlists"
            ADD CONSTRAINT "FK_a3ea169575c25e5c55494d7f382" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "playlist_videos"
            ADD CONSTRAINT "FK_a40a66db754147f17010ec454b4" FOREIGN KEY ("playlist_id") REFERENCES "playlists"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "playlist_videos"
            ADD CONSTRAINT "FK_d2e54860e84dc3cbe6e9abd07c4" FOREIGN KEY ("video_id") REFERENCES "videos"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "group_playlists"
            ADD CONSTRAINT "FK_703bb640040f1d3175a3fcafcbc" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "group_playlists"
            ADD CONSTRAINT "FK_5bbcd0040ffbf78a8765dacc344" FOREIGN KEY ("playlist_id") REFERENCES "playlists"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "banner_videos"
            ADD CONSTRAINT "FK_5b6c46368dfe39ce1614c6823eb" FOREIGN KEY ("video_id") REFERENCES "videos"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "banner_videos"
            ADD CONSTRAINT "FK_4f1f26e9a6573887676f9b049cf" FOREIGN KEY ("playlist_id") REFERENCES "playlists"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "banner_videos"
            ADD CONSTRAINT "FK_1e527679a6144a4a57fe3314cdb" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "fingerprint_hashes"
            ADD CONSTRAINT "FK_3cc89972e84e1ee7cc3a87f0f39" FOREIGN KEY ("album_track_id") REFERENCES "album_tracks"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "watermark_codes"
            ADD CONSTRAINT "FK_7a49021064be935811727f443bf" FOREIGN KEY ("video_id") REFERENCES "videos"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "watermark_codes"
            ADD CONSTRAINT "FK_a3059f08c57d3f29a151527302d" FOREIGN KEY ("video_track_id") REFERENCES "video_tracks"("id") ON DELETE
            SET NULL ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "watermark_codes"
            ADD CONSTRAINT "FK_9305a198ae304b35c321bc67793" FOREIGN KEY ("album_track_id") REFERENCES "album_tracks"("id") ON DELETE
            SET NULL ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "refresh_tokens"
            ADD CONSTRAINT "FK_3ddc983c5f7bcf132fd8732c3f4" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "album_track_members"
            ADD CONSTRAINT "FK_c2b6b60dba069840f93c7f606d5" FOREIGN KEY ("album_track_id") REFERENCES "album_tracks"("id") ON DELETE CASCADE ON UPDATE CASCADE
        `);
    await queryRunner.query(`
            ALTER TABLE "album_track_members"
            ADD CONSTRAINT "FK_56b12433d0f5723169ebbae3cb1" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE ON UPDATE CASCADE
        `);
    await queryRunner.query(`
            ALTER TABLE "album_track_composers"
            ADD CONSTRAINT "FK_d466ca40d10ca4eefa2b80a318e" FOREIGN KEY ("album_track_id") REFERENCES "album_tracks"("id") ON DELETE CASCADE ON UPDATE CASCADE
        `);
    await queryRunner.query(`
            ALTER TABLE "album_track_composers"
            ADD CONSTRAINT "FK_818a0a24ecafca19c0cc8e7bce2" FOREIGN KEY ("composer_id") REFERENCES "composers"("id") ON DELETE CASCADE ON UPDATE CASCADE
        `);
    await queryRunner.query(`
            ALTER TABLE "video_genre_links"
            ADD CONSTRAINT "FK_ac6ebd2e284615635676e493fba" FOREIGN KEY ("video_id") REFERENCES "videos"("id") ON DELETE CASCADE ON UPDATE CASCADE
        `);
    await queryRunner.query(`
            ALTER TABLE "video_genre_links"
            ADD CONSTRAINT "FK_456542f8e111537233a0f26339d" FOREIGN KEY ("genre_id") REFERENCES "genres"("id") ON DELETE CASCADE ON UPDATE CASCADE
        `);
    await queryRunner.query(`
            ALTER TABLE "video_moods"
            ADD CONSTRAINT "FK_03cc0a37e95e6c663d779000e9a" FOREIGN KEY ("video_id") REFERENCES "videos"("id") ON DELETE CASCADE ON UPDATE CASCADE
        `);
    await queryRunner.query(`
            ALTER TABLE "video_moods"
            ADD CONSTRAINT "FK_c9612b49bc5abcf922b995eda36" FOREIGN KEY ("mood_id") REFERENCES "moods"("id") ON DELETE CASCADE ON UPDATE CASCADE
        `);
    await queryRunner.query(`
            ALTER TABLE "video_activities"
            ADD CONSTRAINT "FK_3c1d0961b4073607077ceff8355" FOREIGN KEY ("video_id") REFERENCES "videos"("id") ON DELETE CASCADE ON UPDATE CASCADE
        `);
    await queryRunner.query(`
            ALTER TABLE "video_activities"
            ADD CONSTRAINT "FK_2ffd9e6202a6cc6a29aa27816fd" FOREIGN KEY ("activity_id") REFERENCES "activities"("id") ON DELETE CASCADE ON UPDATE CASCADE
        `);
    await queryRunner.query(`
            ALTER TABLE "video_tags"
            ADD CONSTRAINT "FK_e27933328455988a734bf025751" FOREIGN KEY ("video_id") REFERENCES "videos"("id") ON DELETE CASCADE ON UPDATE CASCADE
        `);
    await queryRunner.query(`
            ALTER TABLE "video_tags"
            ADD CONSTRAINT "FK_b2d90b3d034e87bde8dd51788d3" FOREIGN KEY ("tag_id") REFERENCES "tags"("id") ON DELETE CASCADE ON UPDATE CASCADE
        `);
    await queryRunner.query(`
            ALTER TABLE "video_videogenres"
            ADD CONSTRAINT "FK_64b23d2738ee8f92f4d2c11a81d" FOREIGN KEY ("video_id") REFERENCES "videos"("id") ON DELETE CASCADE ON UPDATE CASCADE
        `);
    await queryRunner.query(`
            ALTER TABLE "video_videogenres"
            ADD CONSTRAINT "FK_150671548d0e97f38af832f8669" FOREIGN KEY ("video_genre_id") REFERENCES "video_genres"("id") ON DELETE CASCADE ON UPDATE CASCADE
        `);
    await queryRunner.query(`
            ALTER TABLE "category_tags"
            ADD CONSTRAINT "FK_b3b8777fc29b8e6ab948133e566" FOREIGN KEY ("category_id") REFERENCES "categories"("id") ON DELETE CASCADE ON UPDATE CASCADE
        `);
    await queryRunner.query(`
            ALTER TABLE "category_tags"
            ADD CONSTRAINT "FK_c33a8886ec5a7b30532c172d07b" FOREIGN KEY ("tag_id") REFERENCES "tags"("id") ON DELETE CASCADE ON UPDATE CASCADE
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "category_tags" DROP CONSTRAINT "FK_c33a8886ec5a7b30532c172d07b"
        `);
    await queryRunner.query(`
            ALTER TABLE "category_tags" DROP CONSTRAINT "FK_b3b8777fc29b8e6ab948133e566"
        `);
    await queryRunner.query(`
            ALTER TABLE "video_videogenres" DROP CONSTRAINT "FK_150671548d0e97f38af832f8669"
        `);
    await queryRunner.query(`
            ALTER TABLE "video_videogenres" DROP CONSTRAINT "FK_64b23d2738ee8f92f4d2c11a81d"
        `);
    await queryRunner.query(`
            ALTER TABLE "video_tags" DROP CONSTRAINT "FK_b2d90b3d034e87bde8dd51788d3"
        `);
    await queryRunner.query(`
            ALTER TABLE "video_tags" DROP CONSTRAINT "FK_e27933328455988a734bf025751"
        `);
    await queryRunner.query(`
            ALTER TABLE "video_activities" DROP CONSTRAINT "FK_2ffd9e6202a6cc6a29aa27816fd"
        `);
    await queryRunner.query(`
            ALTER TABLE "video_activities" DROP CONSTRAINT "FK_3c1d0961b4073607077ceff8355"
        `);
    await queryRunner.query(`
            ALTER TABLE "video_moods" DROP CONSTRAINT "FK_c9612b49bc5abcf922b995eda36"
        `);
    await queryRunner.query(`
            ALTER TABLE "video_moods" DROP CONSTRAINT "FK_03cc0a37e95e6c663d779000e9a"
        `);
    await queryRunner.query(`
            ALTER TABLE "video_genre_links" DROP CONSTRAINT "FK_456542f8e111537233a0f26339d"
        `);
    await queryRunner.query(`
            ALTER TABLE "video_genre_links" DROP CONSTRAINT "FK_ac6ebd2e284615635676e493fba"
        `);
    await queryRunner.query(`
            ALTER TABLE "album_track_composers" DROP CONSTRAINT "FK_818a0a24ecafca19c0cc8e7bce2"
        `);
    await queryRunner.query(`
            ALTER TABLE "album_track_composers" DROP CONSTRAINT "FK_d466ca40d10ca4eefa2b80a318e"
        `);
    await queryRunner.query(`
            ALTER TABLE "album_track_members" DROP CONSTRAINT "FK_56b12433d0f5723169ebbae3cb1"
        `);
    await queryRunner.query(`
            ALTER TABLE "album_track_members" DROP CONSTRAINT "FK_c2b6b60dba069840f93c7f606d5"
        `);
    await queryRunner.query(`
            ALTER TABLE "refresh_tokens" DROP CONSTRAINT "FK_3ddc983c5f7bcf132fd8732c3f4"
        `);
    await queryRunner.query(`
            ALTER TABLE "watermark_codes" DROP CONSTRAINT "FK_9305a198ae304b35c321bc67793"
        `);
    await queryRunner.query(`
            ALTER TABLE "watermark_codes" DROP CONSTRAINT "FK_a3059f08c57d3f29a151527302d"
        `);
    await queryRunner.query(`
            ALTER TABLE "watermark_codes" DROP CONSTRAINT "FK_7a49021064be935811727f443bf"
        `);
    await queryRunner.query(`
            ALTER TABLE "fingerprint_hashes" DROP CONSTRAINT "FK_3cc89972e84e1ee7cc3a87f0f39"
        `);
    await queryRunner.query(`
            ALTER TABLE "banner_videos" DROP CONSTRAINT "FK_1e527679a6144a4a57fe3314cdb"
        `);
    await queryRunner.query(`
            ALTER TABLE "banner_videos" DROP CONSTRAINT "FK_4f1f26e9a6573887676f9b049cf"
        `);
    await queryRunner.query(`
            ALTER TABLE "banner_videos" DROP CONSTRAINT "FK_5b6c46368dfe39ce1614c6823eb"
        `);
    await queryRunner.query(`
            ALTER TABLE "group_playlists" DROP CONSTRAINT "FK_5bbcd0040ffbf78a8765dacc344"
        `);
    await queryRunner.query(`
            ALTER TABLE "group_playlists" DROP CONSTRAINT "FK_703bb640040f1d3175a3fcafcbc"
        `);
    await queryRunner.query(`
            ALTER TABLE "playlist_videos" DROP CONSTRAINT "FK_d2e54860e84dc3cbe6e9abd07c4"
        `);
    await queryRunner.query(`
            ALTER TABLE "playlist_videos" DROP CONSTRAINT "FK_a40a66db754147f17010ec454b4"
        `);
    await queryRunner.query(`
            ALTER TABLE "playlists" DROP CONSTRAINT "FK_a3ea169575c25e5c55494d7f382"
        `);
    await queryRunner.query(`
            ALTER TABLE "video_tracks" DROP CONSTRAINT "FK_d83e284692c05ebaae0eee21cf3"
        `);
    await queryRunner.query(`
            ALTER TABLE "video_tracks" DROP CONSTRAINT "FK_f8ff9fd5319fff216f911c81dd2"
        `);
    await queryRunner.query(`
            ALTER TABLE "track_links" DROP CONSTRAINT "FK_ef6133b795e7b5ef3fa5730a880"
        `);
    await queryRunner.query(`
            ALTER TABLE "album_tracks" DROP CONSTRAINT "FK_69b9327efdfbb3c594d300aa65e"
        `);
    await queryRunner.query(`
            ALTER TABLE "album_tracks" DROP CONSTRAINT "FK_f81527752c95a2857af1c4e54df"
        `);
    await queryRunner.query(`
            ALTER TABLE "album_tracks" DROP CONSTRAINT "FK_8de2d443c8440551b042003f466"
        `);
    await queryRunner.query(`
            ALTER TABLE "albums" DROP CONSTRAINT "FK_49b21f77c05dace2fe9312a2b29"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_c33a8886ec5a7b30532c172d07"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_b3b8777fc29b8e6ab948133e56"
        `);
    await queryRunner.query(`
            DROP TABLE "category_tags"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_150671548d0e97f38af832f866"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_64b23d2738ee8f92f4d2c11a81"
        `);
    await queryRunner.query(`
            DROP TABLE "video_videogenres"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_b2d90b3d034e87bde8dd51788d"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_e27933328455988a734bf02575"
        `);
    await queryRunner.query(`
            DROP TABLE "video_tags"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_2ffd9e6202a6cc6a29aa27816f"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_3c1d0961b4073607077ceff835"
        `);
    await queryRunner.query(`
            DROP TABLE "video_activities"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_c9612b49bc5abcf922b995eda3"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_03cc0a37e95e6c663d779000e9"
        `);
    await queryRunner.query(`
            DROP TABLE "video_moods"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_456542f8e111537233a0f26339"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_ac6ebd2e284615635676e493fb"
        `);
    await queryRunner.query(`
            DROP TABLE "video_genre_links"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_818a0a24ecafca19c0cc8e7bce"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_d466ca40d10ca4eefa2b80a318"
        `);
    await queryRunner.query(`
            DROP TABLE "album_track_composers"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_56b12433d0f5723169ebbae3cb"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_c2b6b60dba069840f93c7f606d"
        `);
    await queryRunner.query(`
            DROP TABLE "album_track_members"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_3ddc983c5f7bcf132fd8732c3f"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_968936751ab847471635be8dc0"
        `);
    await queryRunner.query(`
            DROP TABLE "refresh_tokens"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_7a49021064be935811727f443b"
        `);
    await queryRunner.query(`
            DROP TABLE "watermark_codes"
        `);
    await queryRunner.query(`
            DROP TABLE "fingerprint_hashes"
        `);
    await queryRunner.query(`
            DROP TABLE "banner_videos"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_5bbcd0040ffbf78a8765dacc34"
        `);
    await queryRunner.query(`
            DROP TABLE "group_playlists"
        `);
    await queryRunner.query(`
            DROP TABLE "groups"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_d2e54860e84dc3cbe6e9abd07c"
        `);
    await queryRunner.query(`
            DROP TABLE "playlist_videos"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_a3ea169575c25e5c55494d7f38"
        `);
    await queryRunner.query(`
            DROP TABLE "playlists"
        `);
    await queryRunner.query(`
            DROP TABLE "categories"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_d83e284692c05ebaae0eee21cf"
        `);
    await queryRunner.query(`
            DROP TABLE "video_tracks"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_ece1558efc6efd53eb530479db"
        `);
    await queryRunner.query(`
            DROP TABLE "videos"
        `);
    await queryRunner.query(`
            DROP TABLE "users"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_ef6133b795e7b5ef3fa5730a88"
        `);
    await queryRunner.query(`
            DROP TABLE "track_links"
        `);
    await queryRunner.query(`
            DROP TABLE "album_tracks"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_fdc0c8fa44f42d026f276fc221"
        `);
    await queryRunner.query(`
            DROP TABLE "albums"
        `);
    await queryRunner.query(`
            DROP TABLE "composers"
        `);
    await queryRunner.query(`
            DROP TABLE "members"
        `);
    await queryRunner.query(`
            DROP TABLE "video_genres"
        `);
    await queryRunner.query(`
            DROP TABLE "tags"
        `);
    await queryRunner.query(`
            DROP TABLE "activities"
        `);
    await queryRunner.query(`
            DROP TABLE "moods"
        `);
    await queryRunner.query(`
            DROP TABLE "genres"
        `);
  }
}

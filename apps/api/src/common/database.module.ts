import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '@app/config';
import { dataSourceOptions, ENTITIES } from '@app/db';

/**
 * pg pool settings of the api. A request must not hang on a Postgres that does not answer:
 * a connection attempt gives up after CONNECT_TIMEOUT_MS (the request then answers 503), and
 * TCP keep-alive notices a peer that vanished without closing. The pool drops broken
 * connections and opens new ones, so the api recovers by itself when Postgres is back.
 */
const POOL = { connectionTimeoutMillis: 3000, keepAlive: true };

@Module({})
export class DatabaseModule {
  static forRoot(): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [AppConfig],
          useFactory: (config: AppConfig) => {
            const options = dataSourceOptions(config.DATABASE_URL);
            return { ...options, extra: { ...(options as { extra?: object }).extra, ...POOL } };
          },
        }),
        TypeOrmModule.forFeature(ENTITIES),
      ],
      exports: [TypeOrmModule],
      global: true,
    };
  }
}

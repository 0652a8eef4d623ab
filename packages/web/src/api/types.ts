// Wire shapes of docs/api.md used by the web app: `z.infer` of the contract's answer schemas, which the
// server's conformance test (packages/server/test/answer-schemas.test.ts) holds to the real answers.
import type {
  announcementAnswer,
  appConfigAnswer,
  dictEntryAnswer,
  functionGroupAnswer,
  functionPermissionAnswer,
  homePageDataAnswer,
  loginAnswer,
  loginRecordAnswer,
  MenuRouteAnswer,
  messageAnswer,
  PageOf,
  sessionInfoAnswer,
  uploadAnswer,
  userInfoAnswer,
} from '@tradelane/contract';
import type { z } from 'zod';

/** The signed-in user as the server answers it (GET /auth/info, /api/users/getCurrent). */
export type UserAnswer = z.infer<typeof userInfoAnswer>;
/**
 * The session's user: the answer's fields, all but id and username possibly not known yet (the store
 * starts from the user cookie before /auth/info answers).
 */
export type UserInfo = Pick<UserAnswer, 'id' | 'username'> & Partial<Omit<UserAnswer, 'id' | 'username'>>;
export type FunctionPermission = z.infer<typeof functionPermissionAnswer>;
export type SessionInfo = z.infer<typeof sessionInfoAnswer>;
export type LoginAnswer = z.infer<typeof loginAnswer>;
export type MenuRoute = MenuRouteAnswer;
export type MenuMeta = MenuRouteAnswer['meta'];
export type AppConfig = z.infer<typeof appConfigAnswer>;
/** A menu's function (button) grants, as the role editor and the page menus read them. */
export type FunctionGroup = z.infer<typeof functionGroupAnswer>;
/** One entry of a dictionary (GET /api/dictDetail, /api/dictDetail/map). */
export type DictEntry = z.infer<typeof dictEntryAnswer>;

/** A paged list: `content`, `totalElements`, `next` (declared families) and `totalExact: false` on an estimate. */
export type Page<T> = PageOf<T>;

/** A message of the centre; announcements (public) carry no link and no read state. */
export type Message = z.infer<typeof announcementAnswer> &
  Partial<Pick<z.infer<typeof messageAnswer>, 'link' | 'read'>>;
export type HomePageData = z.infer<typeof homePageDataAnswer>;
export type UploadAnswer = z.infer<typeof uploadAnswer>;
export type LoginRecord = z.infer<typeof loginRecordAnswer>;

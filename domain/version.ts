/** The console release this code base builds. The server reports the version it serves in
 * `config/versions` (`diAdmin`); a console built for another version shows the 'Update...' modal. */
export const APP_VERSION = '17.0.0';

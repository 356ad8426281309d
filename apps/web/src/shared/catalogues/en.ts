// One chunk per language: the customer app downloads only the catalogues it shows (not admin, editor, mail).
import errors from '../../../../../libs/i18n/src/en/errors.json';
import validation from '../../../../../libs/i18n/src/en/validation.json';
import web from '../../../../../libs/i18n/src/en/web.json';

export default { errors, validation, web };

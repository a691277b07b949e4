import account from './account.json'
import auth from './auth.json'
import common from './common.json'
import errors from './errors.json'
import home from './home.json'

export default { common, auth, account, home, errors }

// /profil/my-documents: the same page as /mes-documents (spec section 2 lists both); the trailing
// underscore keeps it out of the profile page's layout
export { action, default, handle, loader, meta } from "./mes-documents";

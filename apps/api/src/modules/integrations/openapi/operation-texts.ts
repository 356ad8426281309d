import { LIMITS, WEBHOOK_RETRY_HOURS, type Locale, type WebhookEvent } from '@estancia/contracts';

/** What an operation does, in one language (the English is its @ApiDoc, next to the handler). */
export interface OperationText {
  summary: string;
  description?: string;
}

/** The prose of the document that is not an operation's: the introduction, the groups, the webhook events. */
export interface DocumentTexts {
  operations: Record<string, OperationText>;
  webhooksTag: string;
  webhooks: Record<WebhookEvent, string>;
  introduction: (settings: { rateLimit: number; rateLimitWindowSeconds: number }) => string;
}

const maxPhotos = LIMITS.maxPhotosPerProject;

const es: DocumentTexts = {
  operations: {
    createProject: {
      summary: 'Crear un proyecto',
      description: 'Un proyecto es un inmueble: sus fotos, sus decoraciones y sus descripciones.',
    },
    listProjects: {
      summary: 'Listar los proyectos',
      description:
        'Del más reciente al más antiguo, página a página; `search` busca en el nombre del inmueble.',
    },
    getProject: {
      summary: 'Leer un proyecto',
      description:
        'El proyecto con sus fotos y decoraciones (estado, progreso, enlaces a los resultados). Los enlaces están firmados, caducan en una hora y son relativos al origen de la API.',
    },
    deleteProject: {
      summary: 'Eliminar un proyecto',
      description: 'Elimina el proyecto con sus fotos, decoraciones y descripciones.',
    },
    uploadImages: {
      summary: 'Subir fotos a un proyecto',
      description: `Formulario multipart, campo \`files\`, hasta ${maxPhotos} fotos por proyecto (JPEG, PNG o WebP, cada una dentro del límite de tamaño). Todo o nada: si se rechaza una foto, no se guarda ninguna. Se eliminan los datos de ubicación y demás metadatos; se rechazan las fotos en las que aparecen personas.`,
    },
    importImageFromUrl: {
      summary: 'Añadir una foto a un proyecto desde una URL',
      description:
        'Descargamos la foto de una URL https pública (como mucho 3 redirecciones, el mismo límite de tamaño que una subida; se rechazan las direcciones privadas y locales) y la comprobamos igual que una foto subida. La llamada responde cuando la foto está guardada.',
    },
    orderDecorations: {
      summary: 'Encargar decoraciones',
      description:
        'Decora hasta 5 fotos del proyecto, automática (segundos) o supervisada (la corrige un decorador en 48 horas laborables), y descuenta sus créditos del monedero de una vez. Envía una Idempotency-Key para que un reintento nunca cobre dos veces. Más decoraciones de las que el plan permite en un encargo responden DECORATIONS_LIMIT (`fields.selected`, `fields.limit`); estancias y estilos fuera del plan responden PLAN_REQUIRED (con el campo señalado); un suscriptor cuyo saldo no cubre el encargo recibe PLAN_EXCEEDED (`fields.needed`, `fields.balance`), cualquier otro INSUFFICIENT_CREDITS. En ninguno de estos casos se cobra nada.',
    },
    getDecoration: {
      summary: 'Leer una decoración',
      description:
        'Estado (pending, ready, failed), etapa y porcentaje de progreso, tipo de estancia, estilo, enlaces al resultado cuando está lista y, en una decoración supervisada, su etapa de revisión y la fecha de entrega prometida.',
    },
    redoDecoration: {
      summary: 'Rehacer una decoración',
      description:
        'Una nueva versión de la decoración, con otro tipo de estancia u otro estilo si se indican; se guardan las 5 últimas versiones. Se cobra como un rehacer.',
    },
    listDecorationVersions: {
      summary: 'Listar las versiones de una decoración',
      description: 'De la más reciente a la más antigua.',
    },
    downloadDecoration: {
      summary: 'Descargar el resultado',
      description:
        'El resultado actual como archivo, en el formato elegido en la cuenta (JPEG salvo que se haya elegido PNG), con marca de agua salvo que el plan la quite.',
    },
    writeDescription: {
      summary: 'Escribir una descripción',
      description:
        'Una descripción del inmueble en el idioma de los datos: la primera del proyecto en ese idioma, o una nueva versión si ya existe (mismos datos: una regeneración; otros datos: una modificación). Responde 201 con el texto, o 202 con la versión pendiente cuando la redacción tarda más de 30 segundos (léela más tarde o espera el webhook description.ready).',
    },
    listDescriptions: {
      summary: 'Listar las descripciones de un proyecto',
      description:
        'Una descripción por idioma con todas sus versiones (de la más reciente a la más antigua) y el cupo mensual del plan.',
    },
    getDescription: {
      summary: 'Leer una descripción',
      description: 'La descripción con todas sus versiones, de la más reciente a la más antigua.',
    },
    regenerateDescription: {
      summary: 'Regenerar una descripción',
      description:
        'Otro texto para los mismos datos; las 5 primeras regeneraciones de una descripción son gratuitas. 201 o 202, como al escribirla.',
    },
    getWallet: { summary: 'Leer el saldo de créditos' },
  },
  webhooksTag: 'Llamadas que Estancia hace a tus endpoints.',
  webhooks: {
    'decoration.ready': 'Una decoración automática ha terminado: su resultado se puede leer y descargar.',
    'decoration.failed': 'No se ha podido producir una decoración.',
    'supervised.delivered': 'Un decorador ha revisado y entregado una decoración supervisada.',
    'description.ready': 'Se ha escrito una descripción del inmueble (o su regeneración).',
  },
  introduction: ({ rateLimit, rateLimitWindowSeconds }) =>
    [
      'Decora fotos de estancias desde tu propio software: crea proyectos, sube fotos (archivos o URL https),',
      'encarga decoraciones automáticas o supervisadas, sigue su progreso y descarga los resultados, escribe',
      'descripciones de inmuebles y consulta el monedero. Se aplican las mismas reglas, créditos y derechos del',
      'plan que en la aplicación de Estancia.',
      '',
      '## Autenticación',
      'Crea una clave de API en la página **Integración por API** (planes con acceso a la API) y envíala como',
      '`Authorization: Bearer est_…`. Una clave solo alcanza los datos de su propietario y deja de funcionar al',
      'momento cuando se revoca o se rota o el plan pierde el acceso a la API (`401 API_KEY_INVALID`,',
      '`403 API_ACCESS_REQUIRED`), y mientras la cuenta está bloqueada (`403 ACCOUNT_BLOCKED`).',
      '',
      '## Idempotencia',
      'Todo POST acepta una cabecera `Idempotency-Key`. Un reintento con la misma clave y la misma petición',
      'devuelve la primera respuesta (con `Idempotent-Replayed: true`), errores incluidos, y no mueve nada, aunque',
      'los reintentos lleguen a la vez; la misma clave con otra petición se rechaza con `IDEMPOTENCY_KEY_REUSED`.',
      'Dos peticiones son la misma cuando sus cuerpos interpretados lo son (el orden de los miembros y los valores',
      'por defecto escritos no cuentan). Una petición rechazada por no válida (`400 VALIDATION_FAILED`) no guarda',
      'nada: corrígela y reinténtala con la misma clave.',
      '',
      '## Límites de uso',
      `Cada clave puede hacer ${rateLimit} peticiones cada ${rateLimitWindowSeconds} segundos. Cada respuesta indica`,
      '`RateLimit-Limit` y `RateLimit-Remaining`; por encima del límite la respuesta es `429 RATE_LIMITED` con',
      '`Retry-After` (segundos).',
      '',
      '## Errores',
      'Todo error responde `{ "code", "message", "fields"? }`: `code` es estable, `message` sigue',
      '`Accept-Language` (es, ca, en) y `fields` señala los campos no válidos.',
      '',
      '## Webhooks',
      'Registra endpoints https y elige eventos en la página de integración por API. Cada entrega es un POST de',
      `un evento JSON (ver *Webhooks* más abajo), que se reintenta con espera creciente durante ${WEBHOOK_RETRY_HOURS}`,
      'horas hasta que tu endpoint responda 2xx; elimina duplicados por el `id` del evento. Verifica',
      '`Estancia-Signature: t=<segundos unix>,v1=<hex>`: calcula el HMAC-SHA256 de `<t>.<cuerpo tal cual>` con el',
      'secreto de firma del endpoint, compáralo con `v1` en tiempo constante y rechaza las marcas de tiempo de hace',
      'más de unos minutos.',
    ].join('\n'),
};

const ca: DocumentTexts = {
  operations: {
    createProject: {
      summary: 'Crear un projecte',
      description:
        'Un projecte és un immoble: les seves fotos, les seves decoracions i les seves descripcions.',
    },
    listProjects: {
      summary: 'Llistar els projectes',
      description: 'Del més recent al més antic, pàgina a pàgina; `search` cerca en el nom de l’immoble.',
    },
    getProject: {
      summary: 'Llegir un projecte',
      description:
        'El projecte amb les seves fotos i decoracions (estat, progrés, enllaços als resultats). Els enllaços estan signats, caduquen en una hora i són relatius a l’origen de l’API.',
    },
    deleteProject: {
      summary: 'Eliminar un projecte',
      description: 'Elimina el projecte amb les seves fotos, decoracions i descripcions.',
    },
    uploadImages: {
      summary: 'Pujar fotos a un projecte',
      description: `Formulari multipart, camp \`files\`, fins a ${maxPhotos} fotos per projecte (JPEG, PNG o WebP, cadascuna dins del límit de mida). Tot o res: si se'n rebutja una, no se'n desa cap. Se n'eliminen les dades d'ubicació i la resta de metadades; es rebutgen les fotos on surten persones.`,
    },
    importImageFromUrl: {
      summary: 'Afegir una foto a un projecte des d’una URL',
      description:
        'Descarreguem la foto d’una URL https pública (com a molt 3 redireccions, el mateix límit de mida que una pujada; es rebutgen les adreces privades i locals) i la comprovem igual que una foto pujada. La crida respon quan la foto està desada.',
    },
    orderDecorations: {
      summary: 'Encarregar decoracions',
      description:
        'Decora fins a 5 fotos del projecte, automàtica (segons) o supervisada (la corregeix un decorador en 48 hores laborables), i descompta els seus crèdits del moneder d’una vegada. Envia una Idempotency-Key perquè un reintent no cobri mai dues vegades. Més decoracions de les que el pla permet en un encàrrec responen DECORATIONS_LIMIT (`fields.selected`, `fields.limit`); estances i estils fora del pla responen PLAN_REQUIRED (amb el camp assenyalat); un subscriptor el saldo del qual no cobreix l’encàrrec rep PLAN_EXCEEDED (`fields.needed`, `fields.balance`), qualsevol altre INSUFFICIENT_CREDITS. En cap d’aquests casos no es cobra res.',
    },
    getDecoration: {
      summary: 'Llegir una decoració',
      description:
        'Estat (pending, ready, failed), etapa i percentatge de progrés, tipus d’estança, estil, enllaços al resultat quan està llesta i, en una decoració supervisada, la seva etapa de revisió i la data de lliurament promesa.',
    },
    redoDecoration: {
      summary: 'Refer una decoració',
      description:
        'Una nova versió de la decoració, amb un altre tipus d’estança o un altre estil si s’indiquen; es desen les 5 últimes versions. Es cobra com un refer.',
    },
    listDecorationVersions: {
      summary: 'Llistar les versions d’una decoració',
      description: 'De la més recent a la més antiga.',
    },
    downloadDecoration: {
      summary: 'Descarregar el resultat',
      description:
        'El resultat actual com a fitxer, en el format triat al compte (JPEG llevat que s’hagi triat PNG), amb marca d’aigua llevat que el pla la tregui.',
    },
    writeDescription: {
      summary: 'Escriure una descripció',
      description:
        'Una descripció de l’immoble en l’idioma de les dades: la primera del projecte en aquest idioma, o una nova versió si ja n’hi ha una (mateixes dades: una regeneració; altres dades: una modificació). Respon 201 amb el text, o 202 amb la versió pendent quan la redacció triga més de 30 segons (llegeix-la més tard o espera el webhook description.ready).',
    },
    listDescriptions: {
      summary: 'Llistar les descripcions d’un projecte',
      description:
        'Una descripció per idioma amb totes les seves versions (de la més recent a la més antiga) i la quota mensual del pla.',
    },
    getDescription: {
      summary: 'Llegir una descripció',
      description: 'La descripció amb totes les seves versions, de la més recent a la més antiga.',
    },
    regenerateDescription: {
      summary: 'Regenerar una descripció',
      description:
        'Un altre text per a les mateixes dades; les 5 primeres regeneracions d’una descripció són gratuïtes. 201 o 202, com en escriure-la.',
    },
    getWallet: { summary: 'Llegir el saldo de crèdits' },
  },
  webhooksTag: 'Crides que Estancia fa als teus endpoints.',
  webhooks: {
    'decoration.ready': 'Una decoració automàtica ha acabat: el seu resultat es pot llegir i descarregar.',
    'decoration.failed': 'No s’ha pogut produir una decoració.',
    'supervised.delivered': 'Un decorador ha revisat i lliurat una decoració supervisada.',
    'description.ready': 'S’ha escrit una descripció de l’immoble (o la seva regeneració).',
  },
  introduction: ({ rateLimit, rateLimitWindowSeconds }) =>
    [
      'Decora fotos d’estances des del teu propi programari: crea projectes, puja fotos (fitxers o URL https),',
      'encarrega decoracions automàtiques o supervisades, segueix-ne el progrés i descarrega’n els resultats,',
      'escriu descripcions d’immobles i consulta el moneder. S’hi apliquen les mateixes regles, crèdits i drets',
      'del pla que a l’aplicació d’Estancia.',
      '',
      '## Autenticació',
      'Crea una clau d’API a la pàgina **Integració per API** (plans amb accés a l’API) i envia-la com a',
      '`Authorization: Bearer est_…`. Una clau només arriba a les dades del seu propietari i deixa de funcionar',
      'a l’instant quan es revoca o es rota o el pla perd l’accés a l’API (`401 API_KEY_INVALID`,',
      '`403 API_ACCESS_REQUIRED`), i mentre el compte està bloquejat (`403 ACCOUNT_BLOCKED`).',
      '',
      '## Idempotència',
      'Tot POST accepta una capçalera `Idempotency-Key`. Un reintent amb la mateixa clau i la mateixa petició',
      'retorna la primera resposta (amb `Idempotent-Replayed: true`), errors inclosos, i no mou res, encara que',
      'els reintents arribin alhora; la mateixa clau amb una altra petició es rebutja amb `IDEMPOTENCY_KEY_REUSED`.',
      'Dues peticions són la mateixa quan els seus cossos interpretats ho són (l’ordre dels membres i els valors',
      'per defecte escrits no compten). Una petició rebutjada per no vàlida (`400 VALIDATION_FAILED`) no desa res:',
      'corregeix-la i torna-la a provar amb la mateixa clau.',
      '',
      '## Límits d’ús',
      `Cada clau pot fer ${rateLimit} peticions cada ${rateLimitWindowSeconds} segons. Cada resposta indica`,
      '`RateLimit-Limit` i `RateLimit-Remaining`; per sobre del límit la resposta és `429 RATE_LIMITED` amb',
      '`Retry-After` (segons).',
      '',
      '## Errors',
      'Tot error respon `{ "code", "message", "fields"? }`: `code` és estable, `message` segueix',
      '`Accept-Language` (es, ca, en) i `fields` assenyala els camps no vàlids.',
      '',
      '## Webhooks',
      'Registra endpoints https i tria esdeveniments a la pàgina d’integració per API. Cada lliurament és un POST',
      `d’un esdeveniment JSON (vegeu *Webhooks* més avall), que es reintenta amb espera creixent durant ${WEBHOOK_RETRY_HOURS}`,
      'hores fins que el teu endpoint respongui 2xx; elimina duplicats per l’`id` de l’esdeveniment. Verifica',
      '`Estancia-Signature: t=<segons unix>,v1=<hex>`: calcula l’HMAC-SHA256 de `<t>.<cos tal qual>` amb el',
      'secret de signatura de l’endpoint, compara’l amb `v1` en temps constant i rebutja les marques de temps de fa',
      'més d’uns minuts.',
    ].join('\n'),
};

/** The Spanish and Catalan prose of the document; English is in the code (@ApiDoc, openapi-document.ts). */
export const DOCUMENT_TEXTS: Partial<Record<Locale, DocumentTexts>> = { es, ca };

import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ArrowLeft, LogIn, PackageX, Pencil, RefreshCw, Trash2 } from 'lucide-react';
import { ApiError, type Product, type Variant } from '@sneakers/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageScreen } from '../../../components/page-screen';
import { Button } from '../../../components/ui/button';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session/use-session';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { formatBrand, formatName, formatSku } from '../../../lib/item-format';
import { useDeleteProduct, useProduct } from '../api/queries';
import { EditProductDialog } from '../components/edit-product-dialog';
import { ProductImage } from '../components/product-image';
import { RefreshVariantsDialog } from '../components/refresh-variants-dialog';
import { VariantsTable } from '../components/variants-table';
import { formatDay, formatInstant, formatRetail, MISSING, productTypeLabel } from '../model/format';

export const CATALOG_PATH = '/dashboard/catalog';

/** /product/{id}, /product-catalog/{id} and /product-catalog-v2/{id}: one catalogue product. */
export function ProductPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const session = useSession();
  let body: ReactNode;
  if (session.status === 'loading') body = <CenteredSpinner label={t('common.loading')} />;
  else if (session.status !== 'signed-in') body = <SignInPrompt />;
  else body = <ProductDetail id={id} isSuperuser={session.profile?.isSuperuser === true} />;
  return (
    <PageScreen>
      <div className="flex w-full max-w-5xl flex-col gap-6 self-start">{body}</div>
    </PageScreen>
  );
}

function SignInPrompt() {
  const { t } = useTranslation();
  return (
    <Notice testId="product-sign-in" icon={<LogIn aria-hidden="true" className="h-8 w-8 text-orange-600" />}>
      <h1 className="text-lg font-semibold">{t('catalog.product.signInTitle')}</h1>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('catalog.product.signInBody')}</p>
      <Button asChild>
        <Link to="/auth">{t('catalog.product.signIn')}</Link>
      </Button>
    </Notice>
  );
}

function Notice({ testId, icon, children }: { testId: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section
      data-testid={testId}
      className="mx-auto flex w-full max-w-md flex-col items-center gap-3 rounded-xl border border-dashed border-neutral-300 bg-white p-8 text-center dark:border-neutral-700 dark:bg-neutral-900"
    >
      {icon}
      {children}
    </section>
  );
}

function BackLink() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <Link
      to={CATALOG_PATH}
      data-testid="product-back"
      onClick={(event) => {
        // Back to where the reader came from (their search and page), when they came from here.
        if (location.key === 'default' || event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        void navigate(-1);
      }}
      className="inline-flex items-center gap-1 self-start rounded-md text-sm font-medium text-neutral-700 hover:underline focus-visible:outline-2 focus-visible:outline-orange-500 dark:text-neutral-300"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {t('catalog.product.back')}
    </Link>
  );
}

function ProductDetail({ id, isSuperuser }: { id: string; isSuperuser: boolean }) {
  const { t } = useTranslation();
  const query = useProduct(id);
  if (query.isPending) return <CenteredSpinner label={t('common.loading')} />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    if (notFound)
      return (
        <Notice
          testId="product-not-found"
          icon={<PackageX aria-hidden="true" className="h-8 w-8 text-neutral-500" />}
        >
          <h1 className="text-lg font-semibold">{t('catalog.product.notFound')}</h1>
          <p className="text-sm text-neutral-600 dark:text-neutral-400">
            {t('catalog.product.notFoundBody')}
          </p>
          <Button asChild variant="outline">
            <Link to={CATALOG_PATH}>{t('catalog.product.toCatalog')}</Link>
          </Button>
        </Notice>
      );
    return (
      <>
        <BackLink />
        <div
          role="alert"
          data-testid="product-error"
          className="flex flex-col items-center gap-3 p-8 text-sm"
        >
          {t('catalog.product.loadError')}
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            {t('errors.retry')}
          </Button>
        </div>
      </>
    );
  }
  return (
    <ProductView product={query.data.product} variants={query.data.variants} isSuperuser={isSuperuser} />
  );
}

function ProductView({
  product,
  variants,
  isSuperuser,
}: {
  product: Product;
  variants: Variant[];
  isSuperuser: boolean;
}) {
  const { t, i18n } = useTranslation();
  const name = formatName(product.name);
  const fields: Array<[string, ReactNode]> = [
    ['brand', formatBrand(product.brand) || MISSING],
    ['sku', formatSku(product.sku)],
    ['colorway', product.colorway.trim() || MISSING],
    ['gender', product.gender ? t(`catalog.genders.${product.gender}`) : MISSING],
    ['productType', productTypeLabel(product.productType, t) || MISSING],
    ['releaseDate', formatDay(product.releaseDate, i18n.language, 'long')],
    ['retailPrice', formatRetail(product.retailPrice, product.currency, i18n.language)],
    ['marketplaceSlug', product.marketplaceSlug ?? MISSING],
    ['updatedAt', formatInstant(product.updatedAt, i18n.language)],
  ];
  return (
    <>
      <BackLink />
      <article data-testid="product-page" className="flex flex-col gap-6">
        <div className="grid gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <ProductImage
            src={product.imageUrl}
            alt={name}
            eager
            className="aspect-[4/3] w-full rounded-2xl border border-neutral-200 dark:border-neutral-800"
          />
          <div className="flex min-w-0 flex-col gap-4">
            <h1 data-testid="product-name" className="text-2xl font-bold tracking-tight break-words">
              {name}
            </h1>
            <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
              {fields.map(([key, value]) => (
                <div key={key} className="flex min-w-0 flex-col">
                  <dt className="text-xs text-neutral-500 dark:text-neutral-400">
                    {t(`catalog.fields.${key}`)}
                  </dt>
                  <dd data-testid={`product-${key}`} className="break-words">
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
            {isSuperuser && <SuperuserActions product={product} />}
          </div>
        </div>
        <section aria-labelledby="product-variants" className="flex flex-col gap-3">
          <h2 id="product-variants" className="text-lg font-semibold">
            {t('catalog.variants.title')}
          </h2>
          <VariantsTable product={product} variants={variants} />
        </section>
      </article>
    </>
  );
}

function SuperuserActions({ product }: { product: Product }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState<'refresh' | 'edit' | 'delete' | null>(null);
  const remove = useDeleteProduct(product.id);
  const name = formatName(product.name);
  const toggle = (dialog: 'refresh' | 'edit' | 'delete') => (next: boolean) => setOpen(next ? dialog : null);
  return (
    <div data-testid="product-admin" className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" data-testid="product-refresh" onClick={() => setOpen('refresh')}>
        <RefreshCw aria-hidden="true" className="h-4 w-4" />
        {t('catalog.refresh.open')}
      </Button>
      <Button variant="outline" size="sm" data-testid="product-edit" onClick={() => setOpen('edit')}>
        <Pencil aria-hidden="true" className="h-4 w-4" />
        {t('catalog.edit.open')}
      </Button>
      <Button variant="destructive" size="sm" data-testid="product-delete" onClick={() => setOpen('delete')}>
        <Trash2 aria-hidden="true" className="h-4 w-4" />
        {t('catalog.delete.open')}
      </Button>
      <RefreshVariantsDialog
        productId={product.id}
        productName={name}
        open={open === 'refresh'}
        onOpenChange={toggle('refresh')}
      />
      <EditProductDialog product={product} open={open === 'edit'} onOpenChange={toggle('edit')} />
      <ConfirmDialog
        open={open === 'delete'}
        onOpenChange={toggle('delete')}
        title={t('catalog.delete.title')}
        description={t('catalog.delete.description', { name })}
        confirmLabel={remove.isPending ? t('catalog.delete.deleting') : t('catalog.delete.confirm')}
        pending={remove.isPending}
        testId="delete-product-dialog"
        confirmTestId="delete-product-confirm"
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              toast.success(t('catalog.delete.done', { name }));
              void navigate(CATALOG_PATH, { replace: true });
            },
            onError: (error) => isDemoRefusal(error) || toast.error(t('catalog.delete.error')),
          })
        }
      />
    </div>
  );
}

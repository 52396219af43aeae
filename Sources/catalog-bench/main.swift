import CatalogKit

print("catalog-bench")
